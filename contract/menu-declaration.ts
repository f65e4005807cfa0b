import type { ResourceDescription } from './resource.ts';

/**
 * How a page declares its menu entry, its button rules and which built-in roles get them. A declaration
 * is the only place these are written: at start-up the server brings sys_permission and the role grants
 * in line with every declaration (server/db/declared-menus.ts, keeping what an administrator changed), the
 * page registry is typed by the declared components (src/app/page-registry.ts), and the route matrix reads
 * who holds each code from them (tests/server/route-matrix.test.ts). The declarations are put together in
 * contract/menus.ts.
 */

/** The built-in roles (sys_role.role_code, created by the migrations); the relation roles are held by relation, never assigned. */
export type BuiltInRole = 'admin' | 'internshipOffice' | 'departAdmin' | 'teacher' | 'relationAdviser' | 'relationHeadTeacher' | 'mentor' | 'relationMentor' | 'student';

/** Every role an account is given (not the relation roles): pages every signed-in person has. */
export const EVERYONE = ['admin', 'internshipOffice', 'departAdmin', 'teacher', 'mentor', 'student'] as const satisfies readonly BuiltInRole[];

/** A button rule (sys_permission menu_type 2): the code routes and buttons check, under its page. */
export interface RuleDeclaration {
  code: string;
  name: string;
  /** Who gets it; the page's roles when left out. */
  roles?: readonly BuiltInRole[];
}

export interface MenuDeclaration {
  /** sys_permission.id: kept once released, since grants and an administrator's edits hang on it. */
  id: string;
  /** The folder it sits in; none at the top level. */
  parent?: string;
  name: string;
  path: string;
  /** The page registry's key; FOLDER for a folder, whose roles are those of the pages in it. */
  component: string;
  /** The route's name; the id without "menu-" when left out. */
  componentName?: string;
  redirect?: string;
  icon?: string;
  order: number;
  hidden?: boolean;
  /** Who sees the page; a folder's come from its pages. */
  roles?: readonly BuiltInRole[];
  rules?: readonly RuleDeclaration[];
}

/** The component of a folder: it only holds pages. */
export const FOLDER = 'layouts/RouteView';

/** The verbs of a plain resource's rules, in the order 菜单管理 lists them. */
const RESOURCE_VERBS = { list: '查看', add: '添加', edit: '编辑', remove: '删除', import: '导入', export: '导出' } as const;

/**
 * The rules of a list's actions from its permission codes (a resource's, or a screen's own), each named verb + what a row is (查看校区); a code
 * two actions share is one rule. roles: who gets each action's rule, where it is not the page's roles; `others`
 * stands for the changing actions not named (reading the list is the page's).
 */
export function resourceRules(
  permissions: Partial<Record<keyof typeof RESOURCE_VERBS, string>>,
  title: string,
  roles: Partial<Record<keyof typeof RESOURCE_VERBS, readonly BuiltInRole[]>> & { others?: readonly BuiltInRole[] } = {},
): RuleDeclaration[] {
  const rules: RuleDeclaration[] = [];
  for (const action of Object.keys(RESOURCE_VERBS) as (keyof typeof RESOURCE_VERBS)[]) {
    const code = permissions[action];
    if (!code || rules.some((rule) => rule.code === code)) continue;
    const actionRoles = roles[action] ?? (action === 'list' ? undefined : roles.others);
    rules.push({ code, name: `${RESOURCE_VERBS[action]}${title}`, ...(actionRoles ? { roles: actionRoles } : {}) });
  }
  return rules;
}

/** What a plain resource's page declares beyond its description: where it sits and who has it. */
interface ResourcePageDeclaration extends Omit<MenuDeclaration, 'name' | 'component' | 'rules'> {
  /** The menu's name; the resource's title when left out. */
  name?: string;
  /** Who gets the changing actions' rules, where not the page's roles (resourceRules). */
  ruleRoles?: Parameters<typeof resourceRules>[2];
}

/**
 * A plain resource's page: its name and rules from the description, its component `resource/<contract file>/<key>`,
 * by which the browser draws it from the description alone (src/app/page-registry.ts: no page file, no registry line).
 */
export const resourceMenu = <const File extends string>(
  file: File,
  resource: ResourceDescription,
  { name, ruleRoles, ...page }: ResourcePageDeclaration,
) => ({ ...page, name: name ?? resource.title, component: `resource/${file}/${resource.key}` as `resource/${File}/${string}`, rules: resourceRules(resource.permissions, resource.title, ruleRoles) }) satisfies MenuDeclaration;
