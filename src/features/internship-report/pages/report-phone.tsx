import { Button, NoticeBar } from 'antd-mobile';
import { PhoneChoices } from '@/components/page-choices/phone-choices.tsx';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import type { ReportPageState } from '../components/use-report-page.ts';
import './report.css';

/** 实习上报 on the phone: choose and export only; the codes and column maps are kept on a computer. */
export default function ReportPhone({ state }: { state: ReportPageState }) {
  return (
    <div className="report-phone">
      <PhoneListState pending={state.options.isPending} failed={state.options.isError} empty={state.empty || state.options.isError} emptyTitle="暂无您负责的实习计划" emptyDescription="有实习安排的实习计划才能上报">
        <PhoneChoices choices={state.choices} />
        <NoticeBar content={state.blocked ?? state.summary} color={state.blocked ? 'alert' : 'info'} wrap />
        <div className="report-phone__actions">
          <Button block color="primary" loading={state.exporting} disabled={Boolean(state.blocked)} onClick={() => void state.exportNow()}>
            导出
          </Button>
        </div>
        {state.canSet && <NoticeBar content="编码字典和省份列映射请在电脑上设置。" color="info" wrap />}
      </PhoneListState>
    </div>
  );
}
