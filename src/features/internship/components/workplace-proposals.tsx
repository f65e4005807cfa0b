import { useState } from 'react';
import { DEFAULT_WORK_RADIUS, PROPOSAL_CHECKINS } from '@contract/geo.ts';
import type { WorkplaceProposal } from '@contract/records.ts';
import './workplace-proposals.css';

/**
 * 签到位置建议的实习地点, folded above 今日签到 on both layouts (plain elements, no UI library): each student without a
 * workplace whose first check-ins agree on one, with 确认 beside it.
 */
export function WorkplaceProposals({ proposals, confirm }: { proposals: readonly WorkplaceProposal[]; confirm: (proposal: WorkplaceProposal) => Promise<unknown> }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  if (proposals.length === 0 && !said) return null;
  const confirmOne = async (proposal: WorkplaceProposal) => {
    setBusy(proposal.enrolmentId);
    try {
      await confirm(proposal);
      setSaid(`已确认${proposal.studentName}的实习地点`);
    } catch (error) {
      setSaid(error instanceof Error ? error.message : '确认失败，请重试');
    } finally {
      setBusy(null);
    }
  };
  return (
    <details className="workplace-proposals">
      <summary>签到位置建议的实习地点（{proposals.length}）</summary>
      <p className="workplace-proposals__why">
        这些学生的实习安排中还没有工作地点。建议的位置取自其最初 {PROPOSAL_CHECKINS} 次定位签到的中间位置；确认后，此后的签到按此计算距离（签到范围 {DEFAULT_WORK_RADIUS} 米）。
      </p>
      {said && (
        <p className="workplace-proposals__said" role="status">
          {said}
        </p>
      )}
      <ul aria-label="签到位置建议的实习地点">
        {proposals.map((p) => (
          <li key={p.enrolmentId}>
            <span className="workplace-proposals__who">
              {p.studentName}
              {p.studentNo ? ` ${p.studentNo}` : ''}
            </span>
            <span className="workplace-proposals__where">
              {p.latitude.toFixed(6)}, {p.longitude.toFixed(6)}（{p.days.map((d) => d.slice(5)).join('、')} 签到，最远相距 {p.spread} 米）
            </span>
            <button type="button" disabled={busy !== null} onClick={() => void confirmOne(p)} aria-label={`确认${p.studentName}的实习地点`}>
              {busy === p.enrolmentId ? '确认中…' : '确认'}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
