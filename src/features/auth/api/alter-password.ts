import { useAction } from '@/hooks/use-action.ts';
import { changePasswordSchema, type ChangePasswordInput } from '@contract/validators.ts';
import { request } from '@/lib/api-client.ts';
import { sendEncrypted } from '@/lib/encryption.ts';

export { changePasswordSchema };

/** Password change from the login page: the old password proves who is asking. */
export const alterPassword = (input: ChangePasswordInput) =>
  sendEncrypted((data, silent) => request<null>({ method: 'post', url: '/sys/user/alterPassword', data, silent }).then((b) => b.message), input, [
    'username',
    'oldpassword',
    'password',
    'confirmpassword',
  ]);

export const useAlterPassword = () => useAction(alterPassword);
