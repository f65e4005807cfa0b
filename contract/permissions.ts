/**
 * Menus and button permissions as the server sends them, and the one rule that decides a button
 * (SPEC.md section 6 with SPEC-DECISIONS.md). The browser hides buttons with it; the server refuses
 * the matching API action with it.
 */
export interface MenuMeta {
  title: string;
  icon?: string | null;
  url?: string | null;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  permissionList?: PermissionRule[];
}

export interface MenuItem {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  /** '0' means "not a route": the item is skipped when routes are built. */
  route: '0' | '1';
  meta: MenuMeta;
  children?: MenuItem[];
}

/** A button permission (type '2'). status '1' = rule in force; '0' = rule switched off. */
export interface PermissionRule {
  action: string;
  describe: string;
  type: '1' | '2';
  status: '0' | '1';
}

export interface UserPermissions {
  menu: MenuItem[];
  auth: PermissionRule[];
  allAuth: PermissionRule[];
}

const actionsOf = (rule: PermissionRule) => rule.action.split(',').map((a) => a.trim());

/**
 * A user's own list wins; otherwise a system rule switched off ('0') shows the button to everyone,
 * a rule in force ('1') hides it, and a code no rule names is hidden.
 */
export function isActionAllowed(code: string, auth: readonly PermissionRule[], allAuth: readonly PermissionRule[]): boolean {
  if (auth.some((rule) => rule.type === '2' && actionsOf(rule).includes(code))) return true;
  const rule = allAuth.find((r) => actionsOf(r).includes(code));
  return rule?.status === '0';
}

/** A route that names no permission codes is open to every logged-in user; otherwise one of its codes must be allowed. */
export function isRouteAllowed(required: readonly string[] | undefined, auth: readonly PermissionRule[], allAuth: readonly PermissionRule[]): boolean {
  if (!required || required.length === 0) return true;
  return required.some((code) => isActionAllowed(code, auth, allAuth));
}
