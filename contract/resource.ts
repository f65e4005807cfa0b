import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';

/**
 * A resource is declared once: its fields with Chinese labels, where each appears (list, search,
 * form, Excel), its permission codes and its calls. The server takes its routes' validation from the
 * schemas; the browser renders a desktop list/form (antd) and a phone list/form (antd-mobile) from it.
 */
/**
 * How a value is edited and shown. 'date' is a calendar date (YYYY-MM-DD); 'datetime' an instant the
 * server sets and sends as ISO time (shown YYYY-MM-DD HH:mm:ss in local time, never in a form).
 * Nothing is shown raw: dates in SPEC's formats, dictionaries and choices by label, switches 是/否.
 */
export type FieldKind = 'text' | 'textarea' | 'password' | 'number' | 'date' | 'datetime' | 'dict' | 'select' | 'switch' | 'ref';

/**
 * What a 'ref' field points at: a row of another list, chosen with a picker that searches that list on the
 * server (never loading every row). The value is the row's id; lists, details and Excel show its label,
 * which the server sends beside the id as `<field>_dictText`. An import cell may hold the label or the code.
 */
export interface RefTarget {
  key: string;
  /** What one row is called (班级), for the picker's placeholder and messages. */
  title: string;
  /** The list the picker searches: GET list?{searchField}=text&pageSize=20. */
  list: string;
  labelField: string;
  searchField: string;
  codeField?: string;
}

/** The key of a ref field's label in a row: JeecgBoot's `<field>_dictText`. */
export const refTextKey = (field: string) => `${field}_dictText`;

export interface FieldOption {
  value: string;
  label: string;
  /** A status shown as a coloured tag (待审核 warning, 合作中 success); without it the label is plain text. */
  tone?: 'default' | 'processing' | 'success' | 'warning' | 'danger';
}

export interface ResourceField {
  name: string;
  label: string;
  kind: FieldKind;
  /** kind 'dict': the dictionary whose items are the choices and the labels in the list. */
  dictCode?: string;
  /** kind 'ref': the list the value is a row of. */
  ref?: RefTarget;
  /** kind 'select': fixed choices. */
  options?: readonly FieldOption[];
  /** kind 'select': its few choices side by side (radio buttons on the desktop) rather than in a drop-down. */
  radio?: boolean;
  /**
   * Shown in the list; width in px. priority: how long the column stays when the table is narrower than its
   * columns, higher staying longer (default 1); 'key' never leaves (what a clerk decides by). The title field
   * and the row's 状态 (a field named status) are always 'key'. A column that left is still in the row's 详情.
   */
  list?: boolean | { width?: number; sortable?: boolean; priority?: number | 'key' };
  /**
   * A search field: text matches a part, dict, select and ref match exactly, a number equals. 'prefix': text
   * matches from its start (学号, 工号: an index answers it on a list of thousands). 'link': a search the statistics'
   * figures link to, shown in the search form but never the phone's search bar (which is for finding a row by name).
   */
  search?: boolean | 'prefix' | 'link';
  /** In the form: always (default), only when adding, or never. */
  form?: 'always' | 'create' | false;
  /** Shown but not editable when editing. */
  readOnlyOnEdit?: boolean;
  /**
   * A column of the Excel export, and of the import and its template when the import's schema takes it. Every
   * listed field is a column of the export too (exportFields). `header`: the column's heading where the form's
   * label would mislead (a new account's 初始密码).
   */
  excel?: boolean | { header: string };
  /** Checked as the user types through /sys/duplicate/check (the server checks again on save); message says what is taken. */
  unique?: { table: string; field: string; message?: string };
  /** Must equal another field of the form (a password's confirmation): checked as the user types either one. */
  sameAs?: { field: string; message: string };
  /** Checked again when these fields change: a rule of the schema between fields that reports at this one (a sum, a date order). */
  dependsOn?: readonly string[];
  placeholder?: string;
}

export interface ResourcePermissions {
  list: string;
  add?: string;
  edit?: string;
  remove?: string;
  export?: string;
  import?: string;
}

/**
 * A resource whose rows form a tree (部门, 菜单, 分类): each row names its parent, and its screen shows the tree,
 * each row by its title field, instead of pages. The screen reads the tree whole (siblings in their order): none
 * of these trees holds more than a few hundred rows. One level at a time (`api.level`) is what choosers that open
 * branch by branch read.
 */
export interface ResourceTree {
  /** The field holding the parent's id, blank at the top; its input offers the tree's rows but the row itself and those under it. */
  parentField: string;
  api: {
    /** The whole tree: the top rows, each with its `children`. */
    tree: string;
    /** The rows under the one whose `field` the query's `param` names (分类 by its code); without it the top rows. Each says whether it is a leaf. */
    level?: { url: string; param: string; field: string };
    /** The rows whose search fields hold ?keyWord=, flat, without their branches. */
    search?: string;
  };
  /** What the tree's search matches (part of the text, in any case); absent: the tree has no search. */
  search?: { fields: readonly string[]; placeholder: string };
  /** The levels open at first: 部门's school with its 院系 (1); 菜单, a few hundred rows, none (0). */
  openLevels: 0 | 1;
  /** Rows that never have children (a button under a menu), and what choosing one as a parent is refused with. */
  leaf?: { when: (row: Readonly<Record<string, unknown>>) => boolean; message: string };
  /** The refusals of the parent field: one that does not exist, and the row itself or one under it. */
  parentMessages: { missing: string; cycle: string };
  /**
   * Deleting a row that has children is refused with this message unless the same batch deletes them too: what
   * hangs under a row is for a person to move or delete first, never taken along unseen.
   */
  hasChildrenMessage: string;
}

/**
 * An action on rows beyond 编辑 and 删除 (冻结, 重置密码): a button on each row it is offered for (and for the chosen
 * rows when `batch`), shown to holders of its permission code, which sends PUT `path` with the body the rows give
 * plus what its form asked, and says `done` when it went through. The server checks the body with `schema`, and
 * the resource's binding says what the action does to the rows.
 */
export interface ResourceAction {
  key: string;
  label: string;
  permission: string;
  path: string;
  schema: z.ZodMiniObject;
  body: (rows: readonly Readonly<Record<string, unknown>>[]) => Record<string, unknown>;
  done: string;
  /** Whether a row offers it (冻结 a normal account, 解冻 a frozen one); every row by default. */
  offeredFor?: (row: Readonly<Record<string, unknown>>) => boolean;
  /** Asked before it runs, naming the row; without it the action runs at once (or opens its form). */
  confirm?: (title: string) => string;
  /** Offered for the chosen rows too. */
  batch?: boolean;
  danger?: boolean;
  /** What it asks first (a new password and its confirmation), checked with `schema`; a field the row holds starts with the row's value. */
  fields?: readonly ResourceField[];
}

/** The calls, JeecgBoot style: GET list, POST add, PUT edit, DELETE delete?id= and deleteBatch?ids=, GET exportXls, POST importExcel. */
export interface ResourceApi {
  base: string;
  list?: string;
}

export interface ResourceDescription<Create extends z.ZodMiniObject = z.ZodMiniObject, Edit extends z.ZodMiniObject = z.ZodMiniObject> {
  key: string;
  /** What one row is called: 职务, 用户. */
  title: string;
  api: ResourceApi;
  permissions: ResourcePermissions;
  fields: readonly ResourceField[];
  createSchema: Create;
  editSchema: Edit;
  /** What a row of an import file is checked with, where it differs from the form's (a new account's password without its confirmation). */
  importSchema?: z.ZodMiniObject;
  /** The field that names a row (the phone list's title, the delete confirmation). */
  titleField: string;
  /** Fields under the title on the phone. */
  subtitleFields?: readonly string[];
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Other resources whose rows show values of this one (a unit's mean of its ratings): their lists reload after a change here. */
  shownIn?: readonly string[];
  /** The rows form a tree: the screen shows the tree, the server adds the tree's reads and checks. */
  tree?: ResourceTree;
  actions?: readonly ResourceAction[];
}

/** A resource as the target of 'ref' fields: its list searched by its title field, imported by label or code. */
export const refTo = (resource: ResourceDescription, codeField = 'code'): RefTarget => ({
  key: resource.key,
  title: resource.title,
  list: resourceUrl(resource, 'list'),
  labelField: resource.titleField,
  searchField: resource.titleField,
  codeField,
});

/** The schema an import row is checked with. */
export const importSchemaOf = (resource: ResourceDescription) => resource.importSchema ?? resource.createSchema;

/** The columns an import reads and its template holds: the Excel fields an import row's schema takes. */
export const importFields = (resource: ResourceDescription) => resource.fields.filter((f) => f.excel && f.name in importSchemaOf(resource).shape);

/** A field's column heading in Excel: its label, or the heading it declares. */
export const excelHeader = (field: ResourceField) => (typeof field.excel === 'object' ? field.excel.header : field.label);

/**
 * The columns of an export, in the declaration's order: what the list shows (a person's 学号, 班级, 院系 with
 * them) and what the import reads, so the list and its file say the same and the file can be imported again.
 */
export const exportFields = (resource: ResourceDescription) => resource.fields.filter((f) => f.list || f.excel);

/** What a taken unique value is refused with, the same in the form and on the server. */
export const uniqueMessage = (field: ResourceField) => field.unique?.message ?? `${field.label}已存在`;

export const resourceUrl = (resource: ResourceDescription, action: 'list' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'queryById' | 'exportXls' | 'importExcel') =>
  action === 'list' && resource.api.list ? resource.api.list : `${resource.api.base}/${action}`;

/** The list query every resource takes, plus its search fields as strings. */
export const pageQuerySchema = lazySchema(() =>
  z.object({
    pageNo: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
    pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)), 10),
    column: z.optional(z.string()),
    order: z.optional(z.enum(['asc', 'desc'])),
  }),
);
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The search of a tree (ResourceTree.api.search): what its rows' search fields hold. */
export const treeSearchQuerySchema = lazySchema(() =>
  z.object({
    keyWord: z.string({ error: '请输入搜索关键字' }).check(
      z.refine((v) => v.trim().length > 0, { error: '请输入搜索关键字', abort: true }),
      z.maxLength(100, '搜索关键字不能超过100个字符'),
    ),
  }),
);

export const idQuerySchema = lazySchema(() => z.object({ id: z.string({ error: '缺少参数 id' }).check(z.minLength(1, '缺少参数 id')) }));
export const idsQuerySchema = lazySchema(() => z.object({ ids: z.string({ error: '请选择要删除的数据' }).check(z.minLength(1, '请选择要删除的数据')) }));

/** One page of a list, as JeecgBoot pages answer it. */
export interface PageResult<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

// Field helpers for resource schemas: required text with its own message, optional text, a dictionary value.
export const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).check(
    z.refine((v) => v.trim().length > 0, { error: message, abort: true }),
    z.maxLength(max, `不能超过${max}个字符`),
  );
/** Spaces a pasted or typed name may hold: full-width (U+3000), non-breaking, zero-width, the byte-order mark. */
const NAME_SPACES = /[\s\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/g;
const HAN = '[\\p{Script=Han}·]';
/** A space between two 汉字 (林 小雨), which no Chinese name has. */
const HAN_GAP = new RegExp(`(?<=${HAN}) (?=${HAN})`, 'gu');
/** A person's name as stored: odd spaces as one plain space, none at the ends, none between 汉字 (Anna Maria keeps hers). */
export const normalName = (text: string) => text.replace(NAME_SPACES, ' ').trim().replace(HAN_GAP, '');
/**
 * A person's name (学生, 教师, 用户, 联系人): required, normalised (normalName) before it is checked and stored, so a
 * form, an import and a hand-made request store 林小雨 for 林 小雨 (a full-width space between) alike.
 */
export const personName = (message: string, max = 32, label?: string) =>
  z.string({ error: message }).check(z.overwrite(normalName), z.minLength(1, message), z.maxLength(max, label ? `${label}不能超过${max}个字符` : `不能超过${max}个字符`));
export const optionalText = (max = 500) => z.optional(z.nullable(z.string().check(z.maxLength(max, `不能超过${max}个字符`))));
export const optionalInt = (min: number, max: number, label: string) =>
  z.optional(z.nullable(z.number({ error: `${label}必须是数字` }).check(z.int(`${label}必须是整数`), z.minimum(min, `${label}不能小于${min}`), z.maximum(max, `${label}不能大于${max}`))));
export const codeText = (message: string, max = 64) =>
  requiredText(message, max).check(z.regex(/^[A-Za-z0-9_:.-]+$/, '只能包含字母、数字、下划线、冒号、点和短横线'));
export const withId = <T extends z.ZodMiniObject>(schema: T) => z.extend(schema, { id: z.string({ error: '缺少参数 id' }).check(z.minLength(1, '缺少参数 id')) });
