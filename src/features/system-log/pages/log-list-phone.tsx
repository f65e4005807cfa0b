import { useId } from 'react';
import { Button, List } from 'antd-mobile';
import type { LogRecord } from '@contract/log.ts';
import { DetailListPhone } from '@/components/detail-list/detail-list-phone.tsx';
import { isBlank, shownOf, type ListColumn } from '@/components/list/list-declaration.ts';
import { ListPhone, PhoneShown } from '@/components/list/list-phone.tsx';
import { Popup } from '@/components/sheet/popup.tsx';
import { paramsText, type LogListPage } from './log-list.tsx';

/** Everything of one entry in a bottom sheet: each column of its log as the card reads it, then the request body of an operation. */
function EntrySheet({ entry, columns, onClose }: { entry: LogRecord | null; columns: readonly ListColumn<LogRecord>[]; onClose: () => void }) {
  const titleId = useId();
  const facts = entry ? columns.filter((column) => column.phone !== 'title').map((column) => ({ key: column.key, label: column.label, shown: shownOf(column, entry, 'phone') })) : [];
  return (
    <Popup visible={entry !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="log-phone__sheet">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{entry?.logContent}</h2>
        <DetailListPhone items={facts.map(({ key, label, shown }) => ({ key, label, content: isBlank(shown) ? '—' : <PhoneShown shown={shown} /> }))} />
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
      <EntrySheet entry={entry} columns={list.columns} onClose={closeEntry} />
    </ListPhone>
  );
}
