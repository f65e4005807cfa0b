import type { ReactNode } from 'react';
import { Descriptions } from 'antd';
import { detailColumns, type DetailItem } from './detail-columns.ts';
import './detail-list.css';

export interface DetailListProps {
  title?: ReactNode;
  /** Columns per row, 1 to 4 (default 3). */
  col?: number;
  items: DetailItem[];
  /** Actions at the right of the title. */
  extra?: ReactNode;
  layout?: 'horizontal' | 'vertical';
  size?: 'small' | 'middle' | 'large';
  bordered?: boolean;
}

/** 描述列表 on desktop and tablet (antd Descriptions); render it inside a page wrapped in AntdProvider. */
export function DetailList({ title, col, items, extra, layout = 'horizontal', size, bordered }: DetailListProps) {
  const columns = detailColumns(col);
  return (
    <Descriptions
      className="detail-list"
      title={title}
      extra={extra}
      column={columns}
      layout={layout}
      size={size}
      bordered={bordered}
      items={items.map((item, index) => ({
        key: item.key ?? index,
        label: item.label,
        children: item.note ? (
          <>
            {item.content}
            <div className="detail-list__note">{item.note}</div>
          </>
        ) : (
          item.content
        ),
        span: item.span === undefined ? undefined : Math.min(columns, Math.max(1, item.span)),
      }))}
    />
  );
}
