import { Tag } from 'antd-mobile';
import { RECORD_STATUS_TEXT, RECORD_STATUS_TONE, type RecordStatus } from '@contract/records.ts';
import { lateText } from '@contract/season.ts';
import { MOBILE_TAG_COLORS } from '@/components/tone-colors.ts';
import './record-status-tag.css';

/** A record's status as a tag (antd-mobile), with 迟交 n天 beside it when it was submitted late: every list and detail shows it so. */
export function RecordStatusTagPhone({ status, lateDays = null, suffix = '', fill }: { status: RecordStatus; lateDays?: number | null; suffix?: string; fill?: 'outline' | 'solid' }) {
  return (
    <span className="record-status-tag">
      <Tag color={MOBILE_TAG_COLORS[RECORD_STATUS_TONE[status]]} fill={fill}>
        {RECORD_STATUS_TEXT[status]}
        {suffix}
      </Tag>
      {lateDays !== null && (
        <Tag color="danger" fill={fill}>
          {lateText(lateDays)}
        </Tag>
      )}
    </span>
  );
}
