import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ANNOUNCEMENT_RESOURCE } from '@contract/announcement.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';
import { request } from '@/lib/api-client.ts';

/** Publishes a draft or revoked announcement (system:announcement:release); answers the server's message. */
export const releaseAnnouncement = (id: string) => request<null>({ method: 'get', url: '/sys/annountCement/doReleaseData', params: { id } }).then((body) => body.message);

/** The administration list and the caller's own bell (they may be a recipient) reload after it. */
export function useReleaseAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: releaseAnnouncement,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: resourceKey(ANNOUNCEMENT_RESOURCE) }), client.invalidateQueries({ queryKey: ['announcements'] })]),
  });
}
