import { useId } from 'react';
import { Button, List } from 'antd-mobile';
import { LOG_TYPE, type LogRecord } from '@contract/log.ts';
import { ListPhone } from '@/components/list/list-phone.tsx';
import { Popup } from '@/components/sheet/popup.tsx';
import { paramsText, timeText, type LogListPage } from './log-list.tsx';

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
        <div className="log-phone__close">
          <Button block onClick={onClose}>
            关闭
          </Button>
        </div>
      </div>
    </Popup>
  );
}

/** 日志管理 on the phone (antd-mobile only): the two logs in tabs, searched by keyword, newest first as one scrolls; an entry opens whole. */
export default function LogListPhone({ list, entry, closeEntry }: LogListPage) {
  return (
    <ListPhone list={list}>
      <EntrySheet entry={entry} onClose={closeEntry} />
    </ListPhone>
  );
}
