import { Result } from 'antd-mobile';
import '../workflow.css';

/** 流程模型 on the phone (antd-mobile only): the steps are edited on a computer. */
export default function ModelEditorPhone() {
  return (
    <section className="workflow-phone" aria-label="流程模型">
      <Result status="info" title="请在电脑上编辑流程模型" description="流程模型的步骤和审批人需要在电脑或平板上编辑，请在电脑浏览器中打开本页。" />
    </section>
  );
}
