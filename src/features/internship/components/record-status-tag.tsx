import { Tag } from 'antd';
import { RECORD_STATUS_TEXT, RECORD_STATUS_TONE, type RecordStatus } from '@contract/records.ts';
import { lateText } from '@contract/season.ts';
import { ANTD_TAG_COLORS } from '@/components/tone-colors.ts';

/** A record's status as a tag (antd), with 迟交 n天 beside it when it was submitted late: every list and detail shows it so. */
export function RecordStatusTag({ status, lateDays = null, suffix = '' }: { status: RecordStatus; lateDays?: number | null; suffix?: string }) {
  return (
    <>
      <Tag color={ANTD_TAG_COLORS[RECORD_STATUS_TONE[status]]}>
        {RECORD_STATUS_TEXT[status]}
        {suffix}
      </Tag>
      {lateDays !== null && <Tag color="error">{lateText(lateDays)}</Tag>}
    </>
  );
}
