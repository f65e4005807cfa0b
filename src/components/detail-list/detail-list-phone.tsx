import type { ReactNode } from 'react';
import { List } from 'antd-mobile';
import type { DetailItem } from './detail-columns.ts';

export interface DetailListPhoneProps {
  title?: ReactNode;
  items: DetailItem[];
  /** More rows after the items (a history, an action). */
  children?: ReactNode;
}

/**
 * 描述列表 on the phone (antd-mobile only), from the same items as the desktop's DetailList: a card of
 * rows, the label on the left and the value on the right, long text under its label, a note under the row.
 */
export function DetailListPhone({ title, items, children }: DetailListPhoneProps) {
  return (
    <List header={title} mode="card">
      {items.map((item, index) =>
        item.block ? (
          <List.Item key={item.key ?? index} title={item.label} description={item.note}>
            {item.content}
          </List.Item>
        ) : (
          <List.Item key={item.key ?? index} extra={item.content} description={item.note}>
            {item.label}
          </List.Item>
        ),
      )}
      {children}
    </List>
  );
}
