/** The menu component of a page that shows another site in a frame. */
export const IFRAME_COMPONENT = 'layouts/IframePageView';

/** What a menu address may name in its placeholders. */
export interface UrlVariables {
  token: string;
  username: string;
  realname: string;
  apiBaseUrl: string;
  deployment: string;
}

/**
 * Fills placeholders in a menu address from a fixed set of names, never by evaluating code:
 * {{ token }}, {token}, and the old client's {{ window._CONFIG['domianURL'] }} (the API base).
 * Unknown names are left as they are.
 */
export function fillMenuUrl(url: string, vars: UrlVariables): string {
  const lookup: Record<string, string> = { ...vars, domianURL: vars.apiBaseUrl, domainURL: vars.apiBaseUrl };
  return url.replace(/\{\{\s*([^{}]+?)\s*\}\}|\{(\w+)\}/g, (whole, expr: string | undefined, simple: string | undefined) => {
    const name = simple ?? /^(?:window\._CONFIG\[['"](\w+)['"]\]|(\w+))$/.exec(expr ?? '')?.slice(1).find(Boolean);
    if (!name || !(name in lookup)) return whole;
    return lookup[name]!;
  });
}
