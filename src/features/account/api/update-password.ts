import { useMutation } from '@tanstack/react-query';
import { changePasswordSchema, type ChangePasswordInput } from '@contract/validators.ts';
import { sendPasswordChange } from '@/lib/password-change.ts';

export { changePasswordSchema };

/** The logged-in user's own password (the server ignores any other name). */
export const updatePassword = (input: ChangePasswordInput) => sendPasswordChange('put', '/sys/user/updatePassword', input);

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
