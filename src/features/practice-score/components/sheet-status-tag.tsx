import { Tag } from 'antd';
import type { SheetStatus } from '@contract/practice-score.ts';
import { sheetStatusText } from './sheet-status-text.ts';

/** Tag tones darker than antd's presets, so the text reads at WCAG AA (4.5:1) on its own background. */
const TONES: Record<SheetStatus, { color: string; background: string; borderColor: string }> = {
  draft: { color: '#0958d9', background: '#e6f4ff', borderColor: '#91caff' },
  submitted: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
};

/** 草稿, or 已提交 (with 已锁定 where the sheet itself is shown). */
export function SheetStatusTag({ status, locked = false }: { status: SheetStatus; locked?: boolean }) {
  return <Tag style={TONES[status]}>{sheetStatusText(status, locked)}</Tag>;
}
