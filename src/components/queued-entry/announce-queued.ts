import { Toast } from 'antd-mobile';
import type { FirstAttempt } from '@/offline/outbox.ts';

export interface QueuedWords {
  /** The server has it. */
  sent: string;
  /** It waits on the device for the network or the server. */
  kept: string;
}

/**
 * Tells the student what became of a record they submitted (`attempt`: from queueAndSend):
 * 正在提交… while the first try runs, then whether it reached the server, waits on the device,
 * or was refused with the server's reason. The screen need not wait for it.
 */
export function announceQueued(attempt: Promise<FirstAttempt>, words: QueuedWords) {
  const loading = Toast.show({ icon: 'loading', content: '正在提交…', duration: 0 });
  void attempt.then((result) => {
    loading.close();
    if (result.outcome === 'sent') Toast.show({ icon: 'success', content: words.sent });
    else if (result.outcome === 'kept') Toast.show({ content: words.kept });
    else Toast.show({ icon: 'fail', content: result.message ? `未能提交：${result.message}` : '未能提交，请修改后重新提交' });
  });
}
