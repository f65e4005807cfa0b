import { useId, type ReactNode } from 'react';
import type { DetailItem } from './detail-columns.ts';
import './detail-list-phone.css';

export interface DetailListPhoneProps {
  title?: ReactNode;
  items: DetailItem[];
  extra?: ReactNode;
}

/** 描述列表 on the phone: one column, label above content, plain HTML (no antd). */
export function DetailListPhone({ title, items, extra }: DetailListPhoneProps) {
  const titleId = useId();
  return (
    <section className="detail-list-phone" aria-labelledby={title ? titleId : undefined}>
      {(title || extra) && (
        <div className="detail-list-phone__head">
          {title && (
            <h3 id={titleId} className="detail-list-phone__title">
              {title}
            </h3>
          )}
          {extra && <div className="detail-list-phone__extra">{extra}</div>}
        </div>
      )}
      <dl className="detail-list-phone__items">
        {items.map((item, index) => (
          <div key={item.key ?? index} className="detail-list-phone__item">
            <dt className="detail-list-phone__label">{item.label}</dt>
            <dd className="detail-list-phone__content">{item.content ?? '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
