import type { SheetStatus } from '@contract/practice-score.ts';
import type { Tone } from '@/components/tone-colors.ts';

/** 草稿, or 已提交 (with 已锁定 where the sheet itself is shown), as both layouts' tags say it. */
export const sheetStatusText = (status: SheetStatus, locked = false) => (status === 'submitted' ? (locked ? '已提交（已锁定）' : '已提交') : '草稿');

/** The phone's tag tones (the desktop's are darker than antd's presets, for contrast). */
export const SHEET_STATUS_TONE: Record<SheetStatus, Tone> = { draft: 'processing', submitted: 'success' };
