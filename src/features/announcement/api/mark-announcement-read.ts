import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markReadSchema, type MarkReadInput } from '@contract/announcement.ts';
import { http } from '@/lib/api-client.ts';

export { markReadSchema };

/** Marks an announcement read for the caller (SPEC-DECISIONS.md: PUT with {anntId}). */
export const markAnnouncementRead = (input: MarkReadInput) => http.put<null>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', input);

/** Reloads the bell's lists and the message page once the server has it. */
export function useMarkAnnouncementRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAnnouncementRead,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['announcements', 'lists'] }),
        client.invalidateQueries({ queryKey: ['announcements', 'mine'] }),
      ]),
  });
}
