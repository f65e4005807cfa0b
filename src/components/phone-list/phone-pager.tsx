import { Button } from 'antd-mobile';
import './phone-list-state.css';

/** 上一页 · 第2页，共5页 · 下一页 under a phone's list of numbered pages (shown only when there is more than one). */
export function PhonePager({ current, pages, onChange }: { current: number; pages: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <div className="phone-pager">
      <Button size="small" disabled={current <= 1} onClick={() => onChange(current - 1)}>
        上一页
      </Button>
      <span>
        第{current}页，共{pages}页
      </span>
      <Button size="small" disabled={current >= pages} onClick={() => onChange(current + 1)}>
        下一页
      </Button>
    </div>
  );
}
