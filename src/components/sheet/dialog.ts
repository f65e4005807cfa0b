import { Dialog, type DialogAlertProps, type DialogConfirmProps } from 'antd-mobile';
import { holdBackEntry } from '@/hooks/use-back-closes.ts';

/**
 * antd-mobile's Dialog.confirm and Dialog.alert as the phone layout uses them: open, the dialog is one
 * history entry like every sheet, so the back button closes it (as 取消) instead of leaving the page, and
 * going to another page closes it. Dialog.confirm itself cannot be closed from outside, hence Dialog.show.
 */
type ConfirmProps = Pick<DialogConfirmProps, 'title' | 'content' | 'confirmText' | 'cancelText'>;
type AlertProps = Pick<DialogAlertProps, 'title' | 'content' | 'confirmText'>;

function showHeld<T>(props: Pick<DialogConfirmProps, 'title' | 'content'>, actions: { key: string; text: DialogConfirmProps['confirmText']; bold?: boolean; value: T }[], dismissed: T): Promise<T> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: T) => {
      if (settled) return;
      settled = true;
      release();
      handler.close();
      resolve(value);
    };
    const handler = Dialog.show({
      ...props,
      actions: [actions.map(({ key, text, bold, value }) => ({ key, text, bold, onClick: () => settle(value) }))],
      onClose: () => settle(dismissed),
    });
    const release = holdBackEntry(() => settle(dismissed));
  });
}

/** Resolves true on the confirming button; false on 取消, the back button or leaving the page. */
export function confirmDialog({ confirmText = '确定', cancelText = '取消', ...props }: ConfirmProps): Promise<boolean> {
  return showHeld(props, [
    { key: 'cancel', text: cancelText, value: false },
    { key: 'confirm', text: confirmText, bold: true, value: true },
  ], false);
}

/** Resolves once the dialog is read: its button, the back button or leaving the page. */
export function alertDialog({ confirmText = '知道了', ...props }: AlertProps): Promise<void> {
  return showHeld(props, [{ key: 'confirm', text: confirmText, bold: true, value: undefined }], undefined);
}
