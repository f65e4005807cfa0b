import { notify } from '@/components/notification/notification-store.ts';
import { showFailure } from '@/components/notification/show-failure.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { useReleaseAnnouncement } from '../api/release-announcement.ts';
import { useRevokeAnnouncement } from '../api/revoke-announcement.ts';
import { CODES } from '../utils/announcement-form.ts';

/** 发布 and 撤销 for any row with their toasts, whether the user may, and which row is busy. */
export function useAnnouncementActions() {
  const canRelease = usePermission(CODES.release);
  const release = useReleaseAnnouncement();
  const revoke = useRevokeAnnouncement();
  const run = async (work: Promise<string>) => {
    try {
      notify.success(await work);
    } catch (error) {
      showFailure(error);
    }
  };
  return {
    canRelease,
    busyId: release.isPending ? release.variables : revoke.isPending ? revoke.variables : null,
    release: (row: ResourceRow) => run(release.mutateAsync(row.id)),
    revoke: (row: ResourceRow) => run(revoke.mutateAsync(row.id)),
  };
}
