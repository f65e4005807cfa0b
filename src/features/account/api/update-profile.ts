import { useMutation } from '@tanstack/react-query';
import type { UserInfo } from '@contract/session.ts';
import { profileSchema, type ProfileInput } from '@contract/validators.ts';
import { request } from '@/lib/api-client.ts';
import { sessionStore } from '@/lib/session-store.ts';

export { profileSchema };

/** The profile save (ydyz '1'); the answer's user info is kept for 7 days. */
export const updateProfile = (input: ProfileInput) =>
  request<{ userInfo: UserInfo }>({ method: 'put', url: '/sys/user/edit', data: input, silent: true }).then((body) => {
    sessionStore.saveUserInfo(body.result.userInfo);
    return body.message;
  });

export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });
