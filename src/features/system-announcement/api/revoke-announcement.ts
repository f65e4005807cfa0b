import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ANNOUNCEMENT_RESOURCE } from '@contract/announcement.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';
import { request } from '@/lib/api-client.ts';

/** Takes a published announcement back from its readers (system:announcement:release); answers the server's message. */
export const revokeAnnouncement = (id: string) => request<null>({ method: 'get', url: '/sys/annountCement/doReovkeData', params: { id } }).then((body) => body.message);

/** The administration list and the caller's own bell reload after it. */
export function useRevokeAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeAnnouncement,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: resourceKey(ANNOUNCEMENT_RESOURCE) }), client.invalidateQueries({ queryKey: ['announcements'] })]),
  });
}
