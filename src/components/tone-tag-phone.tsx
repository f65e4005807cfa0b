import type { ReactNode } from 'react';
import { Tag } from 'antd-mobile';
import { MOBILE_TAG_COLORS, type Tone } from './tone-colors.ts';

/** A status as an antd-mobile tag in its tone (the tone is declared once with the status, for both layouts). */
export function ToneTagPhone({ tone, fill, children }: { tone: Tone; fill?: 'outline' | 'solid'; children: ReactNode }) {
  return (
    <Tag color={MOBILE_TAG_COLORS[tone]} fill={fill}>
      {children}
    </Tag>
  );
}
