import { changePasswordSchema, type ChangePasswordInput } from '@contract/validators.ts';
import { useAction } from '@/hooks/use-action.ts';
import { sendPasswordChange } from '@/lib/password-change.ts';

export { changePasswordSchema };

/** Password change from the login page: the old password proves who is asking. */
export const alterPassword = (input: ChangePasswordInput) => sendPasswordChange('post', '/sys/user/alterPassword', input);

export const useAlterPassword = () => useAction(alterPassword);
