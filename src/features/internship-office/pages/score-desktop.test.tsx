import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScoreDetail } from '@contract/internship-score.ts';
import { MentorForm } from './score-desktop.tsx';

const detail = { id: 'p1', mentorItems: null, mentorComment: null, mentorAt: null } as unknown as ScoreDetail;

describe('the mentor’s form on desktop', () => {
  it('refuses 21 on a 0–20 item, naming the item and the range, and keeps what was typed (never clamped to 20)', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MentorForm detail={detail} />
      </QueryClientProvider>,
    );
    for (const label of ['职业素养', '工作态度', '团队协作', '遵章守纪']) fireEvent.change(screen.getByLabelText(`${label}（0–20）`), { target: { value: '17' } });
    const skill = screen.getByLabelText('专业技能（0–20）');
    fireEvent.change(skill, { target: { value: '21' } });
    fireEvent.blur(skill);
    fireEvent.click(screen.getByRole('button', { name: '提交评价' }));
    expect(await screen.findByText('“专业技能”的得分应在0到20之间')).toBeTruthy();
    expect((skill as HTMLInputElement).value).toBe('21');
  });
});
