import type { AnchorHTMLAttributes } from 'react';

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** The page's path in the app, as the menu and `paths` write it ('/internship/weekly?id=…'). */
  to: string;
};

/**
 * A link to a page of the app, for what renders often (the 工作台's tiles and lists): a plain anchor to
 * `#<path>`, which the hash router follows as it follows its own Link. react-router's Link resolves
 * the path, subscribes to the location and prepares its navigation at each render, about half a
 * millisecond on a phone; the home's boxes render their links again at every answer that arrives.
 */
export function PageLink({ to, ...anchor }: PageLinkProps) {
  return <a {...anchor} href={`#${to}`} />;
}
