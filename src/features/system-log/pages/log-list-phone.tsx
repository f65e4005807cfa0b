import { useId, useState } from 'react';
import { Button, List, SearchBar, Tabs } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import { LOG_TYPE, type LogRecord, type LogType } from '@contract/log.ts';
import { PhoneInfiniteList } from '@/components/phone-list/phone-infinite-list.tsx';
import { useLogsInfinite } from '../api/get-logs.ts';
import { KEYWORD_HINT, LOG_TABS, paramsText, statusTone, timeText } from './log-parts.ts';
import './log-list.css';

/** Everything of one entry in a bottom sheet, with the request body of an operation. */
function EntrySheet({ entry, onClose }: { entry: LogRecord | null; onClose: () => void }) {
  const titleId = useId();
  const rows: [string, string | number | null][] = entry
    ? [
        ['操作人', entry.username],
        ['IP', entry.ip],
        ['时间', timeText(entry.createTime)],
        ...(entry.logType === LOG_TYPE.operation
          ? ([
              ['请求方法', entry.method],
              ['请求地址', entry.requestUrl],
              ['状态码', entry.statusCode],
              ['耗时(毫秒)', entry.costTime],
            ] as [string, string | number | null][])
          : []),
      ]
    : [];
  return (
    <Popup visible={entry !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="log-phone__sheet">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{entry?.logContent}</h2>
        <List>
            {rows.map(([label, value]) => (
              <List.Item key={label} extra={value ?? '—'}>
                {label}
              </List.Item>
            ))}
        </List>
        {entry?.requestParams ? (
          <List header="请求参数">
            <pre className="log-phone__params">{paramsText(entry.requestParams)}</pre>
          </List>
        ) : null}
        <div className="log-phone__search">
          <Button block onClick={onClose}>
            关闭
          </Button>
        </div>
      </div>
    </Popup>
  );
}

function LogEntries({ logType, keyword, onOpen }: { logType: LogType; keyword: string; onOpen: (entry: LogRecord) => void }) {
  const query = useLogsInfinite({ logType, keyword: keyword || undefined });
  const entries = query.data?.pages.flatMap((p) => p.records) ?? [];
  // antd-mobile's List has no list role: the region names it.
  const list = (
    <section aria-label={logType === LOG_TYPE.login ? '登录日志列表' : '操作日志列表'}>
      <List>
        {entries.map((entry) => (
          <List.Item
            key={entry.id}
            onClick={() => onOpen(entry)}
            description={
              <span className="log-phone__meta">
                <span>{entry.username || '—'}</span>
                <span>{entry.ip || '—'}</span>
                <span>{timeText(entry.createTime)}</span>
                {entry.logType === LOG_TYPE.operation && (
                  <>
                    <span className="log-phone__url">
                      {entry.method} {entry.requestUrl}
                    </span>
                    <span className={statusTone(entry.statusCode) === 'ok' ? undefined : 'log-phone__failed'}>
                      {entry.statusCode ?? '—'} · {entry.costTime ?? '—'}毫秒
                    </span>
                  </>
                )}
              </span>
            }
          >
            <span className="log-phone__title">{entry.logContent}</span>
          </List.Item>
        ))}
      </List>
    </section>
  );
  return (
    <PhoneInfiniteList query={query} empty={entries.length === 0} emptyTitle="暂无日志" emptyDescription={keyword ? '没有符合条件的日志' : ''}>
      {list}
    </PhoneInfiniteList>
  );
}

/** 日志管理 on the phone (antd-mobile only): the two logs in tabs, searched by keyword, newest first as one scrolls. */
export default function LogListPhone() {
  const [logType, setLogType] = useState<LogType>(LOG_TYPE.login);
  const [keyword, setKeyword] = useState('');
  const [entry, setEntry] = useState<LogRecord | null>(null);
  return (
    <section className="log-phone" aria-label="日志管理">
      <Tabs activeKey={String(logType)} onChange={(key) => setLogType(Number(key) === LOG_TYPE.operation ? LOG_TYPE.operation : LOG_TYPE.login)}>
        {LOG_TABS.map((tab) => (
          <Tabs.Tab key={String(tab.type)} title={tab.title} />
        ))}
      </Tabs>
      <div className="log-phone__search">
        <SearchBar placeholder={`搜索${KEYWORD_HINT}`} onSearch={(v) => setKeyword(v.trim())} onClear={() => setKeyword('')} aria-label="搜索日志" />
      </div>
      <LogEntries key={logType} logType={logType} keyword={keyword} onOpen={setEntry} />
      <EntrySheet entry={entry} onClose={() => setEntry(null)} />
    </section>
  );
}
