import { POSITION_RESOURCE } from '@contract/position.ts';
import { ResourcePage } from '@/components/resource/resource-page.tsx';

/** 职务管理 (/system/position): a plain resource, all from its description. */
export default function PositionListPage() {
  return <ResourcePage desktop={{ resource: POSITION_RESOURCE }} />;
}
