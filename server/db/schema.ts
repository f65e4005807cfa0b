import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const id = () => text('id').primaryKey().default(sql`gen_random_uuid()::text`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Installation-wide settings generated once (the AES key and iv among them). */
export const sysConfig = pgTable('sys_config', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const sysUser = pgTable(
  'sys_user',
  {
    id: id(),
    username: text('username').notNull(),
    realname: text('realname').notNull(),
    passwordHash: text('password_hash').notNull(),
    sex: integer('sex'),
    birthday: text('birthday'),
    email: text('email'),
    phone: text('phone'),
    telephone: text('telephone'),
    workNo: text('work_no'),
    orgCode: text('org_code'),
    currentDepartId: text('current_depart_id'),
    post: text('post'),
    yhlx: text('yhlx').notNull().default('0'),
    avatar: text('avatar'),
    /** 1 normal, 2 frozen (also: registered and waiting for approval). */
    status: integer('status').notNull().default(1),
    delFlag: integer('del_flag').notNull().default(0),
    /** Set on an account made with an initial password (a teacher or student created or imported): its first login must change it. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sys_user_username_uq').on(t.username),
    uniqueIndex('sys_user_work_no_uq').on(t.workNo),
    uniqueIndex('sys_user_phone_uq').on(t.phone),
    uniqueIndex('sys_user_email_uq').on(t.email),
    // 用户管理's default order (newest first): its first page without sorting every account (70 ms → 2 ms at 20,000 on PGlite).
    index('sys_user_created_idx').on(t.createdAt.desc().nullsFirst(), t.username),
  ],
);

export const sysRole = pgTable(
  'sys_role',
  {
    id: id(),
    roleCode: text('role_code').notNull(),
    roleName: text('role_name').notNull(),
    description: text('description'),
    /** Whose basic data the role reaches: 'all', or 'depart' (the user's departments and their descendants). */
    dataScope: text('data_scope').notNull().default('all'),
    /**
     * A relation role (adviser, mentor, headTeacher: migration 0033, server/modules/auth/sessions.ts) is held by whoever has that relation to some
     * student's placement (advises, mentors, is 班主任 of), whatever roles they were given; it is never assigned.
     */
    relation: text('relation'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sys_role_code_uq').on(t.roleCode)],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    userId: text('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    roleId: text('role_id').notNull().references(() => sysRole.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sysDepart = pgTable(
  'sys_depart',
  {
    id: id(),
    parentId: text('parent_id'),
    departName: text('depart_name').notNull(),
    orgCode: text('org_code').notNull(),
    /** 1 school, 2 department (院系), 3 office. */
    orgType: text('org_type').notNull().default('2'),
    sortNo: integer('sort_no').notNull().default(0),
    delFlag: integer('del_flag').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sys_depart_org_code_uq').on(t.orgCode)],
);

export const sysUserDepart = pgTable(
  'sys_user_depart',
  {
    userId: text('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    departId: text('depart_id').notNull().references(() => sysDepart.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.departId] })],
);

/** Menus (menu_type 0 root, 1 child) and button permissions (menu_type 2) are data, seeded by migrations. */
export const sysPermission = pgTable(
  'sys_permission',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    url: text('url'),
    component: text('component'),
    componentName: text('component_name'),
    redirect: text('redirect'),
    menuType: integer('menu_type').notNull(),
    perms: text('perms'),
    /** For buttons: 1 = shown only to holders, 2 = ... kept for compatibility with the old data. */
    permsType: text('perms_type').notNull().default('1'),
    sortNo: integer('sort_no').notNull().default(0),
    alwaysShow: boolean('always_show').notNull().default(false),
    icon: text('icon'),
    isRoute: boolean('is_route').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    internalOrExternal: boolean('internal_or_external').notNull().default(false),
    /** Button rules: '1' in force, '0' switched off (shown to everyone). */
    status: text('status').notNull().default('1'),
    delFlag: integer('del_flag').notNull().default(0),
  },
  (t) => [index('sys_permission_parent_idx').on(t.parentId)],
);

export const sysRolePermission = pgTable(
  'sys_role_permission',
  {
    roleId: text('role_id').notNull().references(() => sysRole.id, { onDelete: 'cascade' }),
    permissionId: text('permission_id').notNull().references(() => sysPermission.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/**
 * What each menu declaration (contract/menus.ts) looked like when it was last brought into sys_permission and
 * the role grants (server/db/declared-menus.ts): the base against which a declaration's change and an
 * administrator's change are told apart. No foreign key: an administrator may delete the row it describes.
 */
export const sysPermissionDeclared = pgTable('sys_permission_declared', {
  id: text('id').primaryKey(),
  fields: jsonb('fields').notNull(),
  /** The built-in roles' codes it granted. */
  roles: text('roles').array().notNull(),
});

export const sysSession = pgTable(
  'sys_session',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    activeRoleId: text('active_role_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sys_session_token_uq').on(t.tokenHash), index('sys_session_user_idx').on(t.userId)],
);

/** Failed attempts per typed account name, whether or not the account exists (no enumeration). */
export const sysLoginAttempt = pgTable('sys_login_attempt', {
  username: text('username').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** The rate limits' counters (per route and address), here rather than in memory so that every API process counts alike. */
export const sysRateLimit = pgTable('sys_rate_limit', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/**
 * The number of rows of a large listed table, kept exact by statement triggers (migration 0015's
 * sys_track_row_count): an unfiltered list page reads its total here instead of counting every row.
 */
export const sysRowCount = pgTable('sys_row_count', {
  tableName: text('table_name').primaryKey(),
  n: integer('n').notNull(),
});

/** One-time codes and reset tokens of the password retrieval, stored hashed. */
export const sysPasswordReset = pgTable('sys_password_reset', {
  id: id(),
  userId: text('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
  resetTokenHash: text('reset_token_hash'),
  resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * The codes /sys/sms sends (phone login, registration, retrieval), stored hashed. Keyed by the phone, not an
 * account: a code is issued for every well-formed request, so the table says nothing of who has an account.
 */
export const sysSmsCode = pgTable(
  'sys_sms_code',
  {
    id: id(),
    phone: text('phone').notNull(),
    /** JeecgBoot's smsmode: '0' login, '1' registration, '2' retrieval. */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sys_sms_code_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/** log_type 1 = login/logout, 2 = operation. */
export const sysLog = pgTable(
  'sys_log',
  {
    id: id(),
    logType: integer('log_type').notNull(),
    logContent: text('log_content').notNull(),
    userId: text('user_id'),
    username: text('username'),
    ip: text('ip'),
    method: text('method'),
    requestUrl: text('request_url'),
    /** Operation log: the request body with secrets blanked, the answer's status and the time it took. */
    requestParams: text('request_params'),
    statusCode: integer('status_code'),
    costTime: integer('cost_time'),
    createdAt: createdAt(),
  },
  (t) => [index('sys_log_type_time_idx').on(t.logType, t.createdAt)],
);

export const sysDict = pgTable(
  'sys_dict',
  {
    id: id(),
    dictCode: text('dict_code').notNull(),
    dictName: text('dict_name').notNull(),
    description: text('description'),
    delFlag: integer('del_flag').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sys_dict_code_uq').on(t.dictCode)],
);

export const sysDictItem = pgTable(
  'sys_dict_item',
  {
    id: id(),
    dictId: text('dict_id').notNull().references(() => sysDict.id, { onDelete: 'cascade' }),
    itemText: text('item_text').notNull(),
    itemValue: text('item_value').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    description: text('description'),
    /** 1 enabled, 0 disabled. */
    status: integer('status').notNull().default(1),
  },
  (t) => [uniqueIndex('sys_dict_item_value_uq').on(t.dictId, t.itemValue)],
);

/** Units (单位) behind dictionary dt0201: labelled by dwmc, only rows not deleted. */
export const dt02 = pgTable(
  'dt02',
  {
    id: id(),
    dwdm: text('dwdm').notNull(),
    dwmc: text('dwmc').notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    delFlag: integer('del_flag').notNull().default(0),
  },
  (t) => [uniqueIndex('dt02_dwdm_uq').on(t.dwdm)],
);

export const sysLogo = pgTable('sys_logo', {
  logoCode: text('logo_code').primaryKey(),
  logo: text('logo'),
  logologin: text('logologin'),
});

/** msg_category 1 = 通知, 2 = 系统消息; msg_type ALL or USER; send_status 0 draft, 1 published, 2 revoked. */
export const sysAnnouncement = pgTable('sys_announcement', {
  id: id(),
  titile: text('titile').notNull(),
  msgContent: text('msg_content').notNull().default(''),
  msgAbstract: text('msg_abstract'),
  sender: text('sender'),
  priority: text('priority').notNull().default('L'),
  msgCategory: text('msg_category').notNull().default('1'),
  msgType: text('msg_type').notNull().default('ALL'),
  sendStatus: text('send_status').notNull().default('0'),
  sendTime: timestamp('send_time', { withTimezone: true }),
  openType: text('open_type'),
  openPage: text('open_page'),
  busId: text('bus_id'),
  /** msg_type USER: the chosen recipients, comma-separated user ids. */
  userIds: text('user_ids'),
  /** A system message that merges what arrives at once for its one recipient: its key and what it holds (announcement/notify.ts). */
  digest: jsonb('digest'),
  createdBy: text('created_by'),
  delFlag: integer('del_flag').notNull().default(0),
  createdAt: createdAt(),
});

export const sysAnnouncementSend = pgTable(
  'sys_announcement_send',
  {
    id: id(),
    anntId: text('annt_id').notNull().references(() => sysAnnouncement.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    /** 0 unread, 1 read. */
    readFlag: integer('read_flag').notNull().default(0),
    readTime: timestamp('read_time', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sys_annt_send_uq').on(t.anntId, t.userId)],
);

/** Binary content; node-postgres gives a Buffer, PGlite a Uint8Array: both come out as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Results of write requests that carried an Idempotency-Key, per user: a replay gets the stored answer.
 * status 'pending' while the first request runs, 'done' with the answer once it succeeded.
 */
export const sysIdempotency = pgTable(
  'sys_idempotency',
  {
    userId: text('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull().default('pending'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('sys_idempotency_created_idx').on(t.createdAt)],
);

/**
 * 实习单位 (ti04). status pending 待审核, active 合作中, disabled 停用: only the office approves, with a
 * comment, and a unit whose industry is on the forbidden list (dictionary internship_forbidden_industry)
 * is never approved. employeeCount is the headcount the 2021 rules' 10 % limit counts against.
 */
export const internshipUnit = pgTable(
  'internship_unit',
  {
    id: id(),
    name: text('name').notNull(),
    creditCode: text('credit_code'),
    /** A value of dictionary internship_industry. */
    industry: text('industry'),
    region: text('region'),
    address: text('address'),
    contact: text('contact'),
    phone: text('phone'),
    /** 职工总数. */
    employeeCount: integer('employee_count'),
    /** How many students it will take at most. */
    capacity: integer('capacity'),
    /** The site-visit report (an internship_attachment id). */
    siteReportAttachmentId: text('site_report_attachment_id'),
    /** 实地考察: when the school assessed the unit, and who did. */
    siteVisitDate: date('site_visit_date'),
    siteVisitBy: text('site_visit_by'),
    status: text('status').notNull().default('pending'),
    reviewComment: text('review_comment'),
    reviewedBy: text('reviewed_by').references(() => sysUser.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('internship_unit_credit_code_uq').on(t.creditCode), index('internship_unit_status_idx').on(t.status)],
);

/** A post (岗位) of a unit: its headcount (the 20 % limit) and its probation wage (the 80 % pay floor), 元/月. */
export const internshipUnitPost = pgTable(
  'internship_unit_post',
  {
    id: id(),
    unitId: text('unit_id').notNull().references(() => internshipUnit.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    headcount: integer('headcount').notNull(),
    probationWage: numeric('probation_wage', { precision: 10, scale: 2, mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('internship_unit_post_name_uq').on(t.unitId, t.name)],
);

/** A unit's contact person; given a mentor account (yhlx 2) on request. */
export const internshipUnitContact = pgTable(
  'internship_unit_contact',
  {
    id: id(),
    unitId: text('unit_id').notNull().references(() => internshipUnit.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    title: text('title'),
    /** The enterprise-mentor account made for this person. */
    userId: text('user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('internship_unit_contact_unit_idx').on(t.unitId), uniqueIndex('internship_unit_contact_user_uq').on(t.userId)],
);

/** 实习计划 (ti01). type cognition 认识实习 / post 岗位实习; status draft 草稿, running 进行中, ended 已结束. */
export const internshipProgram = pgTable('internship_program', {
  id: id(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  term: text('term'),
  startDate: date('start_date').notNull(),
  endDate: date('end_date').notNull(),
  /** Minimum characters (white space not counted) of a submitted weekly summary. */
  minWeeklyLength: integer('min_weekly_length').notNull().default(200),
  minWeeklyCount: integer('min_weekly_count').notNull().default(0),
  /** Decimal places a review score may have: 0 (whole points) or 1. */
  scorePrecision: integer('score_precision').notNull().default(0),
  minMonthlyCount: integer('min_monthly_count').notNull().default(0),
  minMonthlyLength: integer('min_monthly_length').notNull().default(200),
  /** 日报 is asked for only by programs that say so, with their own minimum count and length. */
  dailyLog: boolean('daily_log').notNull().default(false),
  minDailyCount: integer('min_daily_count').notNull().default(0),
  minDailyLength: integer('min_daily_length').notNull().default(50),
  reportRequired: boolean('report_required').notNull().default(true),
  minReportLength: integer('min_report_length').notNull().default(1000),
  /** 补卡 a student may ask for in a month. */
  makeupPerMonth: integer('makeup_per_month').notNull().default(3),
  /** 签到方式: single (one a day) or pair (上班 and 下班). */
  checkinMode: text('checkin_mode').notNull().default('single'),
  /** A check-in carries a photo taken then, sealed by the server with a watermark. */
  checkinPhoto: boolean('checkin_photo').notNull().default(false),
  /** How often a month the adviser should be in touch with each student (走访, 联系记录, 互动 replies). */
  minAdviserContacts: integer('min_adviser_contacts').notNull().default(1),
  minHeadTeacherContacts: integer('min_head_teacher_contacts').notNull().default(0),
  /** The score's weights in percent (企业导师, 指导教师, 周记/月报, 实习报告): they add up to 100. */
  weightMentor: integer('weight_mentor').notNull().default(40),
  weightAdviser: integer('weight_adviser').notNull().default(30),
  weightSummary: integer('weight_summary').notNull().default(20),
  weightReport: integer('weight_report').notNull().default(10),
  /** What the program asks of its records, in words students may quote (the similarity flags leave it out). */
  requirements: text('requirements'),
  /** The department running it; null: the whole school (the office's). */
  departId: text('depart_id').references(() => sysDepart.id, { onDelete: 'set null' }),
  status: text('status').notNull().default('draft'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  check('internship_program_score_precision', sql`${t.scorePrecision} in (0, 1)`),
  check('internship_program_checkin_mode', sql`${t.checkinMode} in ('single', 'pair')`),
  check('internship_program_weights', sql`${t.weightMentor} + ${t.weightAdviser} + ${t.weightSummary} + ${t.weightReport} = 100`),
]);

/** A student in a program. status pending 未开始, active 实习中, ended 已结束, terminated 终止. */
/** 实习基地评价: one rater's marks (1–5) for a unit in one season (实习计划); one per rater, unit and season. */
export const internshipUnitRating = pgTable(
  'internship_unit_rating',
  {
    id: id(),
    unitId: text('unit_id').notNull().references(() => internshipUnit.id, { onDelete: 'cascade' }),
    programId: text('program_id').notNull().references(() => internshipProgram.id, { onDelete: 'cascade' }),
    raterUserId: text('rater_user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    safety: integer('safety').notNull(),
    fit: integer('fit').notNull(),
    guidance: integer('guidance').notNull(),
    pay: integer('pay').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('internship_unit_rating_once_uq').on(t.unitId, t.programId, t.raterUserId)],
);

export const internshipEnrolment = pgTable(
  'internship_enrolment',
  {
    id: id(),
    programId: text('program_id').notNull().references(() => internshipProgram.id, { onDelete: 'cascade' }),
    studentUserId: text('student_user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    unitId: text('unit_id').references(() => internshipUnit.id, { onDelete: 'set null' }),
    /** The post's name, as agreed (the unit's post, when chosen, is postId). */
    post: text('post'),
    postId: text('post_id').references(() => internshipUnitPost.id, { onDelete: 'set null' }),
    mentorUserId: text('mentor_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    /** The school adviser (指导教师, ti03). */
    adviserUserId: text('adviser_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** 三方协议 and 知情同意书 (internship_attachment ids). */
    agreementAttachmentId: text('agreement_attachment_id'),
    consentAttachmentId: text('consent_attachment_id'),
    /** The day 岗前培训 was done. */
    preTrainingDate: date('pre_training_date'),
    /** 实习责任保险. */
    insured: boolean('insured').notNull().default(false),
    insurancePolicyNo: text('insurance_policy_no'),
    /** The policy's period, which must cover the placement's dates (合规检查). */
    insuranceStart: date('insurance_start'),
    insuranceEnd: date('insurance_end'),
    /** 专业对口: yes 对口, partly 基本对口, no 不对口 (contract/internship-placement.ts MAJOR_MATCH). */
    majorMatch: text('major_match'),
    /** The agreed pay, 元/月. */
    monthlyPay: numeric('monthly_pay', { precision: 10, scale: 2, mode: 'number' }),
    /** Where the student works (WGS-84, contract/geo.ts) and how far from it a check-in is still there, in metres. */
    workAddress: text('work_address'),
    workLatitude: numeric('work_latitude', { precision: 9, scale: 6, mode: 'number' }),
    workLongitude: numeric('work_longitude', { precision: 9, scale: 6, mode: 'number' }),
    workRadius: integer('work_radius'),
    /** Recorded: no fee of any kind is charged to the student. */
    noFeeConfirmed: boolean('no_fee_confirmed').notNull().default(false),
    /** Recorded: the agreement rules out night shifts, holiday and overtime work. */
    workTermsConfirmed: boolean('work_terms_confirmed').notNull().default(false),
    status: text('status').notNull().default('pending'),
    terminateReason: text('terminate_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('internship_enrolment_unit_idx').on(t.unitId, t.status),
    // One open placement per program: a company change ends the old one and opens another.
    uniqueIndex('internship_enrolment_program_student_uq').on(t.programId, t.studentUserId).where(sql`${t.status} in ('pending', 'active')`),
    index('internship_enrolment_student_idx').on(t.studentUserId),
    // With the status, so the session's relation roles ("is adviser of a placement not terminated") read the index
    // even for a student, who advises none: on the column alone the planner scanned every placement for each one.
    index('internship_enrolment_adviser_idx').on(t.adviserUserId, t.status),
    index('internship_enrolment_mentor_idx').on(t.mentorUserId),
  ],
);

/**
 * A record a student files on a placement (contract/records.ts): 周记 one per calendar week (periodStart its
 * Monday), 月报 one per month (the 1st), 实习计划书 and 实习报告 one per placement (its start). The id is
 * the client's UUID, so an outbox's replay finds the record it made.
 */
export const internshipRecord = pgTable(
  'internship_record',
  {
    id: text('id').primaryKey(),
    /** The declaration's code: plan, weekly, monthly, report. */
    kind: text('kind').notNull(),
    enrolmentId: text('enrolment_id').notNull().references(() => internshipEnrolment.id, { onDelete: 'cascade' }),
    periodStart: date('period_start').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** draft 草稿, submitted 已提交, reviewed 已批阅, returned 已退回. */
    status: text('status').notNull().default('draft'),
    adviserComment: text('adviser_comment'),
    score: numeric('score', { precision: 4, scale: 1, mode: 'number' }),
    /** When the student submitted, by the device's clock corrected to the server's (see contract/device-time.ts). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When the server received the submission (later than submittedAt for one sent from an outbox). */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** Why submittedAt is not simply the device's word: a DeviceTimeFlag, or null. */
    submitTimeFlag: text('submit_time_flag'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewerId: text('reviewer_id').references(() => sysUser.id, { onDelete: 'set null' }),
    /** When someone other than the student first opened it since it was submitted: till then they may take it back (撤回). */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** A record with a time range of its own (a leave's start and end). */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The kind's own fields beyond title and content (a leave's type, a company change's new unit). */
    data: jsonb('data').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One per period for the kinds that have periods, and one check-in a day; a leave or a company change may be filed any number of times.
    // The kinds are those declared so (contract/records.ts; tests/server/records.test.ts holds the list to them).
    // A check-in's 上班 and 下班 (data.shift) are each once a day.
    uniqueIndex('internship_record_period_uq')
      .on(t.enrolmentId, t.kind, t.periodStart, sql`coalesce(${t.data}->>'shift', '')`)
      .where(sql`${t.kind} in ('plan', 'daily', 'weekly', 'monthly', 'report', 'checkin')`),
    index('internship_record_range_idx').on(t.kind, t.startsAt),
    // A check-in asks whether an approved leave runs (checkinFlags): only those not over yet are read.
    index('internship_record_approved_leave_idx').on(t.endsAt).where(sql`${t.kind} = 'leave' and ${t.status} = 'approved'`),
    index('internship_record_status_idx').on(t.kind, t.status, t.submittedAt),
    // The check-ins of a device (checkinFlags: another student's phone), without reading the fortnight's.
    index('internship_record_checkin_device_idx').on(sql`(${t.data}->>'deviceId')`, t.periodStart).where(sql`${t.kind} = 'checkin'`),
    check('internship_record_score_range', sql`${t.score} is null or ${t.score} between 0 and 100`),
  ],
);

/** A submission the student took back before anyone opened it (撤回), kept as it was sent. */
export const internshipRecordVersion = pgTable(
  'internship_record_version',
  {
    id: id(),
    recordId: text('record_id').notNull().references(() => internshipRecord.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('internship_record_version_record_idx').on(t.recordId, t.withdrawnAt)],
);

/**
 * Photos and PDFs of a record (or a placement's agreements); their bytes are in the file store under sha256
 * (content holds only those of uploads from before the store, until the server's start moves them there).
 * recordId is the record's client UUID: a file may arrive before its record does (an offline outbox sends
 * photos first), so there is no foreign key.
 */
export const internshipAttachment = pgTable(
  'internship_attachment',
  {
    id: text('id').primaryKey(),
    recordId: text('record_id').notNull(),
    uploaderId: text('uploader_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** The file as the phone sent it, where the server changed it (a check-in photo sealed with its watermark). */
    originalSha256: text('original_sha256'),
    content: bytea('content'),
    createdAt: createdAt(),
  },
  (t) => [
    index('internship_attachment_record_idx').on(t.recordId),
    index('internship_attachment_sha256_idx').on(t.sha256),
    index('internship_attachment_original_sha256_idx').on(t.originalSha256).where(sql`${t.originalSha256} is not null`),
  ],
);

/**
 * A submitted record's text as the similarity flags compare it (server/modules/internship/similarity.ts): its
 * MinHash signature and LSH band keys, found by the bands it shares with the kind's other records in the program.
 */
export const internshipRecordFingerprint = pgTable(
  'internship_record_fingerprint',
  {
    recordId: text('record_id').primaryKey().references(() => internshipRecord.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    programId: text('program_id').notNull().references(() => internshipProgram.id, { onDelete: 'cascade' }),
    signature: integer('signature').array().notNull(),
    bands: integer('bands').array().notNull(),
    /** Its first submission: a record is compared with those filed before it, not with a copy made of it later. */
    firstSubmittedAt: timestamp('first_submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('internship_record_fingerprint_bands_idx').using('gin', t.bands)],
);

/**
 * A record much of whose text is found in an earlier one of its kind in the program (another student's or
 * its own): the share in per cent and the shared passages of both, until a reviewer dismisses it with a reason.
 */
export const internshipSimilarityFlag = pgTable(
  'internship_similarity_flag',
  {
    id: id(),
    recordId: text('record_id').notNull().references(() => internshipRecord.id, { onDelete: 'cascade' }),
    matchRecordId: text('match_record_id').notNull().references(() => internshipRecord.id, { onDelete: 'cascade' }),
    percent: integer('percent').notNull(),
    ranges: jsonb('ranges').$type<[number, number][]>().notNull(),
    matchRanges: jsonb('match_ranges').$type<[number, number][]>().notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedBy: text('dismissed_by').references(() => sysUser.id, { onDelete: 'set null' }),
    dismissReason: text('dismiss_reason'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('internship_similarity_flag_pair_uq').on(t.recordId, t.matchRecordId)],
);

/**
 * Every review of a record, the first and each later correction, with what it replaced: a
 * correction must say why, and the student is told.
 */
export const internshipReviewLog = pgTable(
  'internship_review_log',
  {
    id: id(),
    recordId: text('record_id').notNull().references(() => internshipRecord.id, { onDelete: 'cascade' }),
    /** approve 通过, return 退回, correct 更正. */
    action: text('action').notNull(),
    score: numeric('score', { precision: 4, scale: 1, mode: 'number' }),
    comment: text('comment'),
    previousScore: numeric('previous_score', { precision: 4, scale: 1, mode: 'number' }),
    previousComment: text('previous_comment'),
    reason: text('reason'),
    reviewerId: text('reviewer_id').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('internship_review_log_record_idx').on(t.recordId, t.createdAt)],
);

/** 职务. post_rank is a dictionary value (position_rank). */
export const sysPosition = pgTable(
  'sys_position',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    postRank: text('post_rank'),
    sortNo: integer('sort_no').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_position_code_uq').on(t.code)],
);

/** 分类字典: a tree of coded categories. */
export const sysCategory = pgTable(
  'sys_category',
  {
    id: id(),
    pid: text('pid'),
    name: text('name').notNull(),
    code: text('code').notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_category_code_uq').on(t.code), index('sys_category_pid_idx').on(t.pid)],
);

/**
 * 编码规则: prefix + date (dayjs pattern, may be empty) + a sequence of seq_digits digits. The
 * sequence restarts when the date part changes; seq_period holds the date part of the last code.
 */
export const sysFillRule = pgTable(
  'sys_fill_rule',
  {
    id: id(),
    ruleCode: text('rule_code').notNull(),
    ruleName: text('rule_name').notNull(),
    prefix: text('prefix').notNull().default(''),
    datePattern: text('date_pattern').notNull().default('YYYYMMDD'),
    seqDigits: integer('seq_digits').notNull().default(4),
    seqValue: integer('seq_value').notNull().default(0),
    seqPeriod: text('seq_period').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_fill_rule_code_uq').on(t.ruleCode)],
);

/** The server's periodic work. status '0' running, '-1' paused. The job's code is fixed in the server. */
export const sysJob = pgTable('sys_quartz_job', {
  jobKey: text('job_key').primaryKey(),
  jobName: text('job_name').notNull(),
  description: text('description'),
  cron: text('cron').notNull(),
  status: text('status').notNull().default('0'),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastStatus: text('last_status'),
  lastMessage: text('last_message'),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  /** The planned time of the latest scheduled run some API process took on: the others leave that run alone. */
  claimedRunAt: timestamp('claimed_run_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Each run of a scheduled job, kept 30 days (the 监控页's 最近执行记录); sys_quartz_job keeps only the latest. */
export const sysJobRun = pgTable(
  'sys_quartz_job_run',
  {
    id: id(),
    jobKey: text('job_key').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** 'ok' or 'failed'. */
    status: text('status').notNull(),
    message: text('message').notNull(),
    /** Run by an administrator's 立即执行 rather than on its cron. */
    manual: boolean('manual').notNull().default(false),
  },
  (t) => [index('sys_quartz_job_run_ran_idx').on(t.ranAt.desc())],
);

/** 校区. */
export const basicCampus = pgTable(
  'basic_campus',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    address: text('address'),
    sortNo: integer('sort_no').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('basic_campus_code_uq').on(t.code)],
);

/** 楼宇, on a campus. */
export const basicBuilding = pgTable(
  'basic_building',
  {
    id: id(),
    campusId: text('campus_id').notNull().references(() => basicCampus.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    floors: integer('floors'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('basic_building_code_uq').on(t.code), index('basic_building_campus_idx').on(t.campusId)],
);

/** 教室/实训室. type: dictionary classroom_type; status '1' 可用, '0' 停用. */
export const basicClassroom = pgTable(
  'basic_classroom',
  {
    id: id(),
    buildingId: text('building_id').notNull().references(() => basicBuilding.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    capacity: integer('capacity'),
    equipment: text('equipment'),
    status: text('status').notNull().default('1'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('basic_classroom_code_uq').on(t.code), index('basic_classroom_building_idx').on(t.buildingId)],
);

/** 专业, in a department (院系). level: dictionary major_level. */
export const basicMajor = pgTable(
  'basic_major',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    departId: text('depart_id').notNull().references(() => sysDepart.id),
    level: text('level').notNull(),
    years: integer('years'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('basic_major_code_uq').on(t.code), index('basic_major_depart_idx').on(t.departId)],
);

/** 教师, with the login account (sys_user, yhlx 0) that it keeps in step. title: dictionary teacher_title. */
export const basicTeacher = pgTable(
  'basic_teacher',
  {
    id: id(),
    workNo: text('work_no').notNull(),
    name: text('name').notNull(),
    sex: text('sex'),
    phone: text('phone'),
    departId: text('depart_id').notNull().references(() => sysDepart.id),
    title: text('title'),
    userId: text('user_id').notNull().references(() => sysUser.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('basic_teacher_work_no_uq').on(t.workNo),
    // The list's default order with its tie-break, read off the index however deep the page (resource-routes requires it).
    index('basic_teacher_list_order_idx').on(t.workNo, t.id),
    uniqueIndex('basic_teacher_user_uq').on(t.userId),
    index('basic_teacher_depart_idx').on(t.departId),
    index('basic_teacher_name_idx').on(t.name),
  ],
);

/** 班级 (class01). grade is the entry year. */
export const basicClass = pgTable(
  'basic_class',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    majorId: text('major_id').notNull().references(() => basicMajor.id),
    grade: integer('grade').notNull(),
    headTeacherId: text('head_teacher_id').references(() => basicTeacher.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('basic_class_code_uq').on(t.code),
    // The list's default order with its tie-break, read off the index however deep the page (resource-routes requires it).
    index('basic_class_list_order_idx').on(t.code, t.id),
    index('basic_class_major_idx').on(t.majorId),
    index('basic_class_head_teacher_idx').on(t.headTeacherId),
  ],
);

/** 课程 (tf02). type: dictionary course_type; no major = a course for every major; score_mode: how its scores are entered. */
export const basicCourse = pgTable(
  'basic_course',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    credits: numeric('credits', { precision: 4, scale: 1, mode: 'number' }),
    hours: integer('hours'),
    majorId: text('major_id').references(() => basicMajor.id),
    /** 成绩类型 of its 成绩录入: 'percent' 百分制 (0–100) or 'grade' 五级制 (优/良/中/及格/不及格). */
    scoreMode: text('score_mode').notNull().default('percent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('basic_course_code_uq').on(t.code),
    index('basic_course_major_idx').on(t.majorId),
    check('basic_course_score_mode', sql`${t.scoreMode} in ('percent', 'grade')`),
  ],
);

/** 学生, with the login account (sys_user, yhlx 1, username = 学号) that it keeps in step. status: dictionary student_status. */
export const basicStudent = pgTable(
  'basic_student',
  {
    id: id(),
    studentNo: text('student_no').notNull(),
    name: text('name').notNull(),
    sex: text('sex'),
    birthday: date('birthday'),
    phone: text('phone'),
    classId: text('class_id').notNull().references(() => basicClass.id),
    grade: integer('grade').notNull(),
    status: text('status').notNull().default('1'),
    userId: text('user_id').notNull().references(() => sysUser.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('basic_student_no_uq').on(t.studentNo),
    // The list's default order with its tie-break, read off the index however deep the page (resource-routes requires it).
    index('basic_student_list_order_idx').on(t.studentNo, t.id),
    uniqueIndex('basic_student_user_uq').on(t.userId),
    index('basic_student_class_idx').on(t.classId),
    index('basic_student_name_idx').on(t.name),
  ],
);

/** The classes a program takes in; enrolling them makes a placement per student. */
export const internshipProgramClass = pgTable(
  'internship_program_class',
  {
    programId: text('program_id').notNull().references(() => internshipProgram.id, { onDelete: 'cascade' }),
    classId: text('class_id').notNull().references(() => basicClass.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.programId, t.classId] }), index('internship_program_class_class_idx').on(t.classId)],
);

/**
 * 实习成绩 of a placement: the mentor's evaluation (items and score), the adviser's score, the report's;
 * total and grade computed with the program's weights. Published by the office, then locked until it reopens it.
 */
export const internshipScore = pgTable(
  'internship_score',
  {
    enrolmentId: text('enrolment_id').primaryKey().references(() => internshipEnrolment.id, { onDelete: 'cascade' }),
    mentorItems: jsonb('mentor_items'),
    mentorScore: numeric('mentor_score', { precision: 4, scale: 1, mode: 'number' }),
    mentorComment: text('mentor_comment'),
    mentorUserId: text('mentor_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    mentorAt: timestamp('mentor_at', { withTimezone: true }),
    adviserScore: numeric('adviser_score', { precision: 4, scale: 1, mode: 'number' }),
    adviserComment: text('adviser_comment'),
    adviserUserId: text('adviser_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    adviserAt: timestamp('adviser_at', { withTimezone: true }),
    reportScore: numeric('report_score', { precision: 4, scale: 1, mode: 'number' }),
    /** The 周记 average as it stood at publication (before it, the average is read from the 周记 each time). */
    summaryScore: numeric('summary_score', { precision: 4, scale: 1, mode: 'number' }),
    total: numeric('total', { precision: 4, scale: 1, mode: 'number' }),
    grade: text('grade'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: text('published_by').references(() => sysUser.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('internship_score_mentor_range', sql`${t.mentorScore} is null or ${t.mentorScore} between 0 and 100`),
    check('internship_score_adviser_range', sql`${t.adviserScore} is null or ${t.adviserScore} between 0 and 100`),
    check('internship_score_report_range', sql`${t.reportScore} is null or ${t.reportScore} between 0 and 100`),
  ],
);

/** Every change to a score: evaluate, score, publish, reopen, with what it replaced and why. */
export const internshipScoreLog = pgTable(
  'internship_score_log',
  {
    id: id(),
    enrolmentId: text('enrolment_id').notNull().references(() => internshipEnrolment.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    detail: jsonb('detail'),
    reason: text('reason'),
    actorId: text('actor_id').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('internship_score_log_enrolment_idx').on(t.enrolmentId, t.createdAt)],
);

/**
 * 预警, raised by a scheduled job, once per kind, placement and period (a week's Monday, a record's id):
 * no_weekly 周记未交, review_overdue 批阅超期, no_unit 未落实单位, no_report 缺实习报告.
 */
export const internshipWarning = pgTable(
  'internship_warning',
  {
    id: id(),
    kind: text('kind').notNull(),
    enrolmentId: text('enrolment_id').notNull().references(() => internshipEnrolment.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    adviserUserId: text('adviser_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    /** open 待处理, handled 已处理. */
    status: text('status').notNull().default('open'),
    handledBy: text('handled_by').references(() => sysUser.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledNote: text('handled_note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('internship_warning_once_uq').on(t.kind, t.enrolmentId, t.period),
    index('internship_warning_status_idx').on(t.status, t.createdAt),
    index('internship_warning_adviser_idx').on(t.adviserUserId, t.status),
  ],
);

/** A process model per kind of application (contract/workflow.ts): its ordered steps, edited by the administrator. */
export const wfProcessModel = pgTable('wf_process_model', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  steps: jsonb('steps').notNull(),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
});

/**
 * An application going through a process: the record it decides (businessId), who applied, and the steps
 * as they were when it was submitted (a later change to the model does not move a running application).
 */
export const wfInstance = pgTable(
  'wf_instance',
  {
    id: id(),
    processKey: text('process_key').notNull(),
    businessId: text('business_id').notNull(),
    title: text('title').notNull(),
    applicantId: text('applicant_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    /** The placement the application is about: its adviser and department resolve the steps. */
    enrolmentId: text('enrolment_id').references(() => internshipEnrolment.id, { onDelete: 'cascade' }),
    /** running 审批中, approved 已通过, rejected 已驳回, returned 已退回, withdrawn 已撤回. */
    status: text('status').notNull().default('running'),
    stepIndex: integer('step_index').notNull().default(0),
    steps: jsonb('steps').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('wf_instance_business_uq').on(t.processKey, t.businessId), index('wf_instance_applicant_idx').on(t.applicantId, t.createdAt)],
);

/** A step an application reached: open for its candidates until one of them decides. */
export const wfTask = pgTable(
  'wf_task',
  {
    id: id(),
    instanceId: text('instance_id').notNull().references(() => wfInstance.id, { onDelete: 'cascade' }),
    stepIndex: integer('step_index').notNull(),
    stepName: text('step_name').notNull(),
    /** open, done, cancelled (the application was withdrawn). */
    status: text('status').notNull().default('open'),
    decision: text('decision'),
    comment: text('comment'),
    decidedBy: text('decided_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('wf_task_instance_idx').on(t.instanceId, t.status), index('wf_task_decided_idx').on(t.decidedBy, t.decidedAt)],
);

/** Who may decide a task (the people its step resolved to when it opened). */
export const wfTaskCandidate = pgTable(
  'wf_task_candidate',
  {
    taskId: text('task_id').notNull().references(() => wfTask.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('wf_task_candidate_user_idx').on(t.userId)],
);

/** Everything that happened to an application, in order: submissions, decisions with their comments, a withdrawal. */
export const wfHistory = pgTable(
  'wf_history',
  {
    id: id(),
    instanceId: text('instance_id').notNull().references(() => wfInstance.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    stepName: text('step_name'),
    actorId: text('actor_id').references(() => sysUser.id, { onDelete: 'set null' }),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [index('wf_history_instance_idx').on(t.instanceId, t.createdAt)],
);

/** 互动: a thread on a placement, between its student, adviser and mentor (contract/interactions.ts). */
export const internshipThread = pgTable(
  'internship_thread',
  {
    /** Made on the device, so a resent start is kept once. */
    id: text('id').primaryKey(),
    enrolmentId: text('enrolment_id').notNull().references(() => internshipEnrolment.id, { onDelete: 'cascade' }),
    recordId: text('record_id').references(() => internshipRecord.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    createdBy: text('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('internship_thread_enrolment_idx').on(t.enrolmentId, t.lastAt)],
);

export const internshipMessage = pgTable(
  'internship_message',
  {
    id: text('id').primaryKey(),
    threadId: text('thread_id').notNull().references(() => internshipThread.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => sysUser.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('internship_message_thread_idx').on(t.threadId, t.createdAt)],
);

/** When each person last opened a thread: what came after from others is unread. */
export const internshipThreadRead = pgTable(
  'internship_thread_read',
  {
    threadId: text('thread_id').notNull().references(() => internshipThread.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
);

/** 走访/巡查: an adviser's visit (contract/visits.ts); its photos are internship_attachment rows under its id. */
export const internshipVisit = pgTable(
  'internship_visit',
  {
    /** Made on the device, so a resent visit is kept once. */
    id: text('id').primaryKey(),
    adviserUserId: text('adviser_user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    visitDate: date('visit_date').notNull(),
    /** onsite 实地走访, phone 电话, video 视频. */
    mode: text('mode').notNull(),
    notes: text('notes').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('internship_visit_adviser_idx').on(t.adviserUserId, t.visitDate)],
);

export const internshipVisitStudent = pgTable(
  'internship_visit_student',
  {
    visitId: text('visit_id').notNull().references(() => internshipVisit.id, { onDelete: 'cascade' }),
    enrolmentId: text('enrolment_id').notNull().references(() => internshipEnrolment.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.enrolmentId] }), index('internship_visit_student_enrolment_idx').on(t.enrolmentId)],
);

/** 实训预约 (contract/practice-booking.ts): a room for a class, course and teacher on dates × periods; approved through the workflow. */
export const practiceBooking = pgTable(
  'practice_booking',
  {
    id: id(),
    classroomId: text('classroom_id').notNull().references(() => basicClassroom.id),
    courseId: text('course_id').notNull().references(() => basicCourse.id),
    classId: text('class_id').notNull().references(() => basicClass.id),
    teacherUserId: text('teacher_user_id').notNull().references(() => sysUser.id),
    applicantId: text('applicant_id').notNull().references(() => sysUser.id),
    purpose: text('purpose').notNull(),
    firstDate: date('first_date').notNull(),
    repeatUntil: date('repeat_until'),
    weeks: integer('weeks').notNull().default(1),
    periodFrom: integer('period_from').notNull(),
    periodTo: integer('period_to').notNull(),
    /** pending 审批中, approved 已通过, rejected 已驳回, returned 已退回, withdrawn 已撤回. */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('practice_booking_applicant_idx').on(t.applicantId, t.createdAt), index('practice_booking_teacher_idx').on(t.teacherUserId), check('practice_booking_periods_ck', sql`${t.periodFrom} between 1 and 12 and ${t.periodTo} between ${t.periodFrom} and 12`)],
);

/**
 * The slots a pending or approved booking holds, one row per date and period, copied with the room, class and
 * teacher: each unique index lets one booking hold a slot, so two bookings at the same moment cannot both win.
 * A booking that ends without approval lets its slots go (the rows are deleted).
 */
export const practiceBookingSlot = pgTable(
  'practice_booking_slot',
  {
    bookingId: text('booking_id').notNull().references(() => practiceBooking.id, { onDelete: 'cascade' }),
    slotDate: date('slot_date').notNull(),
    period: integer('period').notNull(),
    classroomId: text('classroom_id').notNull(),
    classId: text('class_id').notNull(),
    teacherUserId: text('teacher_user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.slotDate, t.period] }),
    uniqueIndex('practice_booking_slot_room_uq').on(t.classroomId, t.slotDate, t.period),
    uniqueIndex('practice_booking_slot_class_uq').on(t.classId, t.slotDate, t.period),
    uniqueIndex('practice_booking_slot_teacher_uq').on(t.teacherUserId, t.slotDate, t.period),
  ],
);

/** 评价: a student's rating of a training course and its teacher, once; the teacher never learns whose it is. */
export const practiceCourseRating = pgTable(
  'practice_course_rating',
  {
    id: id(),
    courseId: text('course_id').notNull().references(() => basicCourse.id),
    teacherUserId: text('teacher_user_id').notNull().references(() => sysUser.id),
    studentUserId: text('student_user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('practice_course_rating_once_uq').on(t.courseId, t.teacherUserId, t.studentUserId), index('practice_course_rating_teacher_idx').on(t.teacherUserId), check('practice_course_rating_score_ck', sql`${t.score} between 1 and 5`)],
);

/** 评价: a teacher's rating of a student of a class they taught a course; changed by saving again. */
export const practiceStudentRating = pgTable(
  'practice_student_rating',
  {
    id: id(),
    courseId: text('course_id').notNull().references(() => basicCourse.id),
    classId: text('class_id').notNull().references(() => basicClass.id),
    teacherUserId: text('teacher_user_id').notNull().references(() => sysUser.id),
    studentUserId: text('student_user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('practice_student_rating_once_uq').on(t.courseId, t.teacherUserId, t.studentUserId), index('practice_student_rating_class_idx').on(t.classId), check('practice_student_rating_score_ck', sql`${t.score} between 1 and 5`)],
);

/**
 * 校企合作协议 (contract/practice-contract.ts): a partner unit's agreement with the school. Its files are
 * internship_attachment rows under its id. warnedEndDate is the end date the office was last told of
 * (the expiry job): a rerun adds nothing, an extended contract is warned of again for its new date.
 */
export const practiceContract = pgTable(
  'practice_contract',
  {
    id: id(),
    contractNo: text('contract_no').notNull(),
    name: text('name').notNull(),
    unitId: text('unit_id').notNull().references(() => internshipUnit.id, { onDelete: 'restrict' }),
    /** A value of dictionary contract_type. */
    type: text('type').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** active 生效中, terminated 已终止. */
    status: text('status').notNull().default('active'),
    remark: text('remark'),
    warnedEndDate: date('warned_end_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('practice_contract_no_uq').on(t.contractNo),
    index('practice_contract_unit_idx').on(t.unitId),
    index('practice_contract_end_idx').on(t.status, t.endDate),
    check('practice_contract_dates', sql`${t.endDate} >= ${t.startDate}`),
    check('practice_contract_status', sql`${t.status} in ('active', 'terminated')`),
  ],
);

/**
 * 成绩单 (成绩录入): one per course, class and term, owned by the teacher who created it. status 'draft'
 * (saved as typed) or 'submitted' (locked until an administrator reopens it).
 */
export const practiceScoreSheet = pgTable(
  'practice_score_sheet',
  {
    id: id(),
    courseId: text('course_id').notNull().references(() => basicCourse.id),
    classId: text('class_id').notNull().references(() => basicClass.id),
    term: text('term').notNull(),
    teacherUserId: text('teacher_user_id').notNull().references(() => sysUser.id),
    status: text('status').notNull().default('draft'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('practice_score_sheet_uq').on(t.courseId, t.classId, t.term),
    index('practice_score_sheet_teacher_idx').on(t.teacherUserId, t.updatedAt),
    check('practice_score_sheet_status', sql`${t.status} in ('draft', 'submitted')`),
  ],
);

/** One student's cell of a sheet (the class's students when the sheet was made); value as entered (85, 92.5, 优), null while empty. */
export const practiceScoreEntry = pgTable(
  'practice_score_entry',
  {
    sheetId: text('sheet_id').notNull().references(() => practiceScoreSheet.id, { onDelete: 'cascade' }),
    studentId: text('student_id').notNull().references(() => basicStudent.id, { onDelete: 'cascade' }),
    value: text('value'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sheetId, t.studentId] }), index('practice_score_entry_student_idx').on(t.studentId)],
);

/** A sheet's 提交 and 重新开放 (with the administrator's reason). */
export const practiceScoreLog = pgTable(
  'practice_score_log',
  {
    id: id(),
    sheetId: text('sheet_id').notNull().references(() => practiceScoreSheet.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actorId: text('actor_id').references(() => sysUser.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('practice_score_log_sheet_idx').on(t.sheetId, t.createdAt)],
);

/** The school's text of a document filled from a placement (三方协议, 知情同意书; contract/documents.ts), once edited. */
export const documentTemplate = pgTable('document_template', {
  kind: text('kind').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updatedBy: text('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A document the server made (contract/documents.ts): its verification code, what kind it was, how many pages and
 * students it covered, who made it and when, and the SHA-256 of the file handed out. Its content is not kept.
 */
export const documentIssue = pgTable(
  'document_issue',
  {
    code: text('code').primaryKey(),
    kind: text('kind').notNull(),
    pages: integer('pages').notNull(),
    subjects: integer('subjects').notNull(),
    sha256: text('sha256').notNull(),
    issuedBy: text('issued_by').references(() => sysUser.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('document_issue_issued_idx').on(t.issuedAt)],
);

/**
 * An approved exception to a 2021 rule that says 原则上 (the 10 % and 20 % limits, the 80 % pay floor): asked for a
 * student's placement at a unit (and post) in a program with a reason and a file, decided through the workflow
 * (process rule_exception); once approved it is the record (备案) that lets the placement through.
 */
export const internshipRuleException = pgTable(
  'internship_rule_exception',
  {
    id: id(),
    programId: text('program_id').notNull().references(() => internshipProgram.id, { onDelete: 'cascade' }),
    studentUserId: text('student_user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    unitId: text('unit_id').notNull().references(() => internshipUnit.id, { onDelete: 'cascade' }),
    postId: text('post_id').references(() => internshipUnitPost.id, { onDelete: 'cascade' }),
    /** unitRatio, postRatio or pay (contract/internship-rules.ts EXCEPTION_RULES). */
    rule: text('rule').notNull(),
    reason: text('reason').notNull(),
    /** The supporting file (an internship_attachment id). */
    attachmentId: text('attachment_id'),
    /** running 审批中, approved 已备案, rejected 已驳回, returned 已退回, withdrawn 已撤回 (the workflow's). */
    status: text('status').notNull().default('running'),
    requestedBy: text('requested_by').references(() => sysUser.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('internship_rule_exception_lookup_idx').on(t.programId, t.studentUserId, t.status)],
);

/**
 * A student's archive (一生一档) or a class's, made in the background: how far it got, and the finished zip's name,
 * size and SHA-256 (the zip itself is DATA_DIR/archives/{id}.zip, shared by the API processes, until cleaned up).
 */
export const documentArchive = pgTable(
  'document_archive',
  {
    id: id(),
    /** student (subjectId a student's user id) or class (a class id). */
    scope: text('scope').notNull(),
    subjectId: text('subject_id').notNull(),
    programId: text('program_id').references(() => internshipProgram.id, { onDelete: 'cascade' }),
    /** queued, running, done, failed. */
    status: text('status').notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    fileName: text('file_name'),
    sha256: text('sha256'),
    size: integer('size'),
    error: text('error'),
    requestedBy: text('requested_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('document_archive_requested_idx').on(t.requestedBy, t.createdAt)],
);

/**
 * Settings of the reports for the authorities (实习上报), kept as data the office edits: the national template's
 * category codes, and a column map per province (contract/internship-report.ts names the keys).
 */
export const reportSetting = pgTable('report_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The tables whose changes every API process hears of (sys_track_changes, migration 0020), so that the lists read
 * from them may be cached (server/lib/read-cache.ts). `npm run db:generate` writes the call into the migration it
 * makes for a table new here; the server refuses to cache a list that reads a table without it.
 */
export const TRACKED_TABLES = [
  sysUser,
  sysRole,
  sysDepart,
  sysUserDepart,
  sysDict,
  sysDictItem,
  sysPosition,
  sysCategory,
  sysFillRule,
  sysRowCount,
  basicCampus,
  basicBuilding,
  basicClassroom,
  basicMajor,
  basicTeacher,
  basicClass,
  basicCourse,
  basicStudent,
  internshipUnit,
  internshipUnitPost,
  internshipUnitContact,
  internshipProgram,
  internshipProgramClass,
  internshipEnrolment,
  internshipScore,
  internshipWarning,
  practiceContract,
  internshipUnitRating,
] as const;
