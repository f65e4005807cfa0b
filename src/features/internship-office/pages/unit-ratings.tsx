import { RATING_RESOURCE } from '@contract/unit-rating.ts';
import { ResourcePage } from '@/components/resource/resource-page.tsx';

/** 实习基地评价 (/internship/rating): a plain resource, all from its description. */
export default function UnitRatingsPage() {
  return <ResourcePage desktop={{ resource: RATING_RESOURCE }} />;
}
