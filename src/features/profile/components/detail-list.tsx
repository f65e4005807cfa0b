import type { CSSProperties, ReactNode } from 'react';
import './profile.css';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** The detail list helper (SPEC.md section 2): label and value pairs in columns, at most 4, by default 3; one column on the phone. */
export function DetailList({ title, items, columns = 3 }: { title?: string; items: DetailItem[]; columns?: 1 | 2 | 3 | 4 }) {
  return (
    <div className="detail-list">
      {title && <h3 className="detail-list__title">{title}</h3>}
      <dl className="detail-list__grid" style={{ '--detail-columns': Math.min(4, Math.max(1, columns)) } as CSSProperties}>
        {items.map((item) => (
          <div key={item.label} className="detail-list__item">
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
