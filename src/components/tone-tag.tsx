import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { ANTD_TAG_COLORS, type Tone } from './tone-colors.ts';

/** A status as an antd tag in its tone (the tone is declared once with the status, for both layouts). */
export function ToneTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <Tag color={ANTD_TAG_COLORS[tone]}>{children}</Tag>;
}
