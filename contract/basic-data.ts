import * as z from 'zod/mini';
import { codeText, optionalInt, optionalText, personName, refTo, requiredText, withId, type RefTarget, type ResourceDescription, type ResourceField } from './resource.ts';
import { resourceRules, type BuiltInRole, type MenuDeclaration } from './menu-declaration.ts';
import { MSG } from './messages.ts';
import { BIRTHDAY_MESSAGE, PASSWORD_PATTERN, PROFILE_PHONE_PATTERN, isCalendarDate } from './patterns.ts';

/**
 * 基础数据 (DOMAIN.md "Basic data"): campuses, buildings, rooms, majors, classes, courses, teachers and
 * students, each one resource description. Teachers and students own a login account kept in step by the server.
 */

const permissionsOf = (key: string) => ({
  list: `basic:${key}:list`,
  add: `basic:${key}:add`,
  edit: `basic:${key}:edit`,
  remove: `basic:${key}:delete`,
  export: `basic:${key}:export`,
  import: `basic:${key}:import`,
});

const requiredRef = (message: string) => z.string({ error: message }).check(z.minLength(1, message));
const optionalRef = z.optional(z.nullable(z.string()));
const requiredInt = (min: number, max: number, label: string) =>
  z.number({ error: `请输入${label}` }).check(z.int(`${label}必须是整数`), z.minimum(min, `${label}不能小于${min}`), z.maximum(max, `${label}不能大于${max}`));
const dictValue = (message: string) => z.string({ error: message }).check(z.minLength(1, message));
const optionalDict = z.optional(z.nullable(z.string()));
const blankOr = (valid: RegExp | ((value: string) => boolean), message: string) =>
  z.optional(z.nullable(z.string().check(z.refine((v) => v === '' || (valid instanceof RegExp ? valid.test(v) : valid(v)), { error: message }))));
const phoneField = blankOr(PROFILE_PHONE_PATTERN, MSG.profilePhoneFormat);
/** A person's number that is also their login name: letters and digits only. */
const personNo = (message: string, label: string) =>
  requiredText(message, 32).check(z.regex(/^[A-Za-z0-9_-]+$/, `${label}只能包含字母、数字、下划线和短横线`));
/** The initial password of a new account: the person must change it at the first login. */
const initialPassword = z.string({ error: '请输入初始密码' }).check(z.regex(PASSWORD_PATTERN, MSG.passwordStrength));
const ACCOUNT_STATUS = [
  { value: '1', label: '正常' },
  { value: '2', label: '冻结' },
] as const;
const accountStatus = z.optional(z.nullable(z.enum(['1', '2'], { error: '请选择账号状态' })));

/** 院系: sys_depart rows of type 院系, offered to pickers (a department administrator sees their own). */
export const DEPART_REF: RefTarget = { key: 'depart', title: '院系', list: '/basic/depart/list', labelField: 'departName', searchField: 'departName', codeField: 'orgCode' };
export interface DepartOptionRow {
  id: string;
  departName: string;
  orgCode: string;
}

// 校区
export const campusSchema = z.object({
  code: codeText('请输入校区编码', 32),
  name: requiredText('请输入校区名称', 50),
  address: optionalText(200),
  sortNo: optionalInt(0, 9999, '排序'),
});
export const CAMPUS_RESOURCE: ResourceDescription = {
  key: 'campus',
  title: '校区',
  api: { base: '/basic/campus' },
  permissions: permissionsOf('campus'),
  fields: [
    { name: 'code', label: '校区编码', kind: 'text', list: { width: 140, sortable: true }, search: true, excel: true, unique: { table: 'basic_campus', field: 'code', message: '校区编码已存在' } },
    { name: 'name', label: '校区名称', kind: 'text', list: { width: 200, sortable: true }, search: true, excel: true },
    { name: 'address', label: '地址', kind: 'text', list: true, excel: true },
    { name: 'sortNo', label: '排序', kind: 'number', list: { width: 90, sortable: true }, excel: true },
  ],
  createSchema: campusSchema,
  editSchema: withId(campusSchema),
  titleField: 'name',
  subtitleFields: ['code', 'address'],
  defaultSort: { field: 'sortNo', order: 'asc' },
};

// 楼宇
export const buildingSchema = z.object({
  campusId: requiredRef('请选择所属校区'),
  code: codeText('请输入楼宇编码', 32),
  name: requiredText('请输入楼宇名称', 50),
  floors: optionalInt(1, 100, '楼层数'),
});
export const BUILDING_RESOURCE: ResourceDescription = {
  key: 'building',
  title: '楼宇',
  api: { base: '/basic/building' },
  permissions: permissionsOf('building'),
  fields: [
    { name: 'campusId', label: '所属校区', kind: 'ref', ref: refTo(CAMPUS_RESOURCE), list: { width: 160 }, search: true, excel: true },
    { name: 'code', label: '楼宇编码', kind: 'text', list: { width: 140, sortable: true }, search: true, excel: true, unique: { table: 'basic_building', field: 'code', message: '楼宇编码已存在' } },
    { name: 'name', label: '楼宇名称', kind: 'text', list: { sortable: true }, search: true, excel: true },
    { name: 'floors', label: '楼层数', kind: 'number', list: { width: 100, sortable: true }, excel: true },
  ],
  createSchema: buildingSchema,
  editSchema: withId(buildingSchema),
  titleField: 'name',
  subtitleFields: ['code', 'campusId'],
  defaultSort: { field: 'code', order: 'asc' },
};

// 教室/实训室
export const classroomSchema = z.object({
  buildingId: requiredRef('请选择所在楼宇'),
  code: codeText('请输入教室编号', 32),
  name: requiredText('请输入教室名称', 50),
  type: dictValue('请选择教室类型'),
  capacity: optionalInt(1, 1000, '容纳人数'),
  equipment: optionalText(500),
  status: dictValue('请选择状态'),
});
export const CLASSROOM_RESOURCE: ResourceDescription = {
  key: 'classroom',
  title: '教室',
  api: { base: '/basic/classroom' },
  permissions: permissionsOf('classroom'),
  fields: [
    { name: 'buildingId', label: '所在楼宇', kind: 'ref', ref: refTo(BUILDING_RESOURCE), list: { width: 160 }, search: true, excel: true },
    { name: 'code', label: '教室编号', kind: 'text', list: { width: 120, sortable: true }, search: true, excel: true, unique: { table: 'basic_classroom', field: 'code', message: '教室编号已存在' } },
    { name: 'name', label: '教室名称', kind: 'text', list: { width: 180, sortable: true }, search: true, excel: true },
    { name: 'type', label: '类型', kind: 'dict', dictCode: 'classroom_type', list: { width: 100 }, search: true, excel: true },
    { name: 'capacity', label: '容纳人数', kind: 'number', list: { width: 100, sortable: true }, excel: true },
    { name: 'equipment', label: '设备', kind: 'textarea', list: true, excel: true },
    { name: 'status', label: '状态', kind: 'dict', dictCode: 'classroom_status', list: { width: 80 }, search: true, excel: true },
  ],
  createSchema: classroomSchema,
  editSchema: withId(classroomSchema),
  titleField: 'name',
  subtitleFields: ['code', 'buildingId', 'type'],
  defaultSort: { field: 'code', order: 'asc' },
};

// 专业
export const majorSchema = z.object({
  code: codeText('请输入专业代码', 32),
  name: requiredText('请输入专业名称', 50),
  departId: requiredRef('请选择所属院系'),
  level: dictValue('请选择办学层次'),
  years: optionalInt(1, 8, '学制'),
});
export const MAJOR_RESOURCE: ResourceDescription = {
  key: 'major',
  title: '专业',
  api: { base: '/basic/major' },
  permissions: permissionsOf('major'),
  fields: [
    { name: 'code', label: '专业代码', kind: 'text', list: { width: 120, sortable: true }, search: true, excel: true, unique: { table: 'basic_major', field: 'code', message: '专业代码已存在' } },
    { name: 'name', label: '专业名称', kind: 'text', list: { sortable: true }, search: true, excel: true },
    { name: 'departId', label: '所属院系', kind: 'ref', ref: DEPART_REF, list: { width: 160 }, search: true, excel: true },
    { name: 'level', label: '办学层次', kind: 'dict', dictCode: 'major_level', list: { width: 100 }, search: true, excel: true },
    { name: 'years', label: '学制（年）', kind: 'number', list: { width: 100 }, excel: true },
  ],
  createSchema: majorSchema,
  editSchema: withId(majorSchema),
  titleField: 'name',
  subtitleFields: ['code', 'departId'],
  defaultSort: { field: 'code', order: 'asc' },
};

// 教师 (before 班级: a class's 班主任 is a teacher)
const teacherFields = {
  workNo: personNo('请输入工号', '工号'),
  name: personName('请输入姓名', 32),
  sex: optionalDict,
  phone: phoneField,
  departId: requiredRef('请选择所属院系'),
  title: optionalDict,
  accountStatus,
};
export const teacherSchema = z.object({ ...teacherFields, password: initialPassword });
export const teacherEditSchema = withId(z.object(teacherFields));
const ACCOUNT_FIELDS: readonly ResourceField[] = [
  { name: 'password', label: '初始密码', kind: 'password', form: 'create', excel: true, placeholder: '首次登录时须修改' },
  { name: 'accountStatus', label: '账号状态', kind: 'select', options: ACCOUNT_STATUS, list: { width: 90 }, form: 'always' },
];
export const TEACHER_RESOURCE: ResourceDescription = {
  key: 'teacher',
  title: '教师',
  api: { base: '/basic/teacher' },
  permissions: permissionsOf('teacher'),
  fields: [
    { name: 'workNo', label: '工号', kind: 'text', list: { width: 120, sortable: true }, search: 'prefix', excel: true, readOnlyOnEdit: true, unique: { table: 'basic_teacher', field: 'work_no', message: '工号已存在' } },
    { name: 'name', label: '姓名', kind: 'text', list: { width: 110, sortable: true }, search: true, excel: true },
    { name: 'sex', label: '性别', kind: 'dict', dictCode: 'sex', list: { width: 70 }, excel: true },
    { name: 'phone', label: '手机号码', kind: 'text', list: { width: 130 }, excel: true },
    { name: 'departId', label: '所属院系', kind: 'ref', ref: DEPART_REF, list: { width: 150 }, search: true, excel: true },
    { name: 'title', label: '职称', kind: 'dict', dictCode: 'teacher_title', list: { width: 110 }, search: true, excel: true },
    ...ACCOUNT_FIELDS,
  ],
  createSchema: teacherSchema,
  editSchema: teacherEditSchema,
  titleField: 'name',
  subtitleFields: ['workNo', 'departId', 'title'],
  defaultSort: { field: 'workNo', order: 'asc' },
};

// 班级 (class01)
export const classSchema = z.object({
  code: codeText('请输入班级编码', 32),
  name: requiredText('请输入班级名称', 50),
  majorId: requiredRef('请选择所属专业'),
  grade: requiredInt(2000, 2100, '年级'),
  headTeacherId: optionalRef,
});
export const CLASS_RESOURCE: ResourceDescription = {
  key: 'class',
  title: '班级',
  api: { base: '/theclassinformation/class01' },
  permissions: permissionsOf('class'),
  fields: [
    { name: 'code', label: '班级编码', kind: 'text', list: { width: 130, sortable: true }, search: true, excel: true, unique: { table: 'basic_class', field: 'code', message: '班级编码已存在' } },
    { name: 'name', label: '班级名称', kind: 'text', list: { width: 200, sortable: true }, search: true, excel: true },
    { name: 'majorId', label: '所属专业', kind: 'ref', ref: refTo(MAJOR_RESOURCE), list: { width: 180 }, search: true, excel: true },
    { name: 'grade', label: '年级', kind: 'number', list: { width: 90, sortable: true }, search: true, excel: true },
    { name: 'headTeacherId', label: '班主任', kind: 'ref', ref: refTo(TEACHER_RESOURCE, 'workNo'), list: { width: 110 }, excel: true },
  ],
  createSchema: classSchema,
  editSchema: withId(classSchema),
  titleField: 'name',
  subtitleFields: ['code', 'majorId', 'grade'],
  defaultSort: { field: 'code', order: 'asc' },
};

// 课程 (tf02)
/** The same choices as SCORE_MODES in contract/practice-score.ts (kept here so the basic data stands alone). */
const COURSE_SCORE_MODES = [
  { value: 'percent', label: '百分制' },
  { value: 'grade', label: '五级制' },
] as const;
const creditsField = z.optional(
  z.nullable(
    z.number({ error: '学分必须是数字' }).check(
      z.minimum(0, '学分不能小于0'),
      z.maximum(99.9, '学分不能大于99.9'),
      z.refine((v) => Number.isInteger(Math.round(v * 10)) && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { error: '学分最多一位小数' }),
    ),
  ),
);
export const courseSchema = z.object({
  code: codeText('请输入课程代码', 32),
  name: requiredText('请输入课程名称', 50),
  type: dictValue('请选择课程类型'),
  credits: creditsField,
  hours: optionalInt(0, 2000, '学时'),
  majorId: optionalRef,
  /** 成绩类型 of its 成绩录入 (contract/practice-score.ts): blank is 百分制; left out (an older Excel file) keeps the course's. */
  scoreMode: z.pipe(
    z.optional(z.nullable(z.union([z.literal(''), z.enum(['percent', 'grade'])], { error: '成绩类型应为百分制或五级制' }))),
    z.transform((v) => (v === undefined ? undefined : v || 'percent')),
  ),
});
export const COURSE_RESOURCE: ResourceDescription = {
  key: 'course',
  title: '课程',
  api: { base: '/courseinformation/tf02' },
  permissions: permissionsOf('course'),
  fields: [
    { name: 'code', label: '课程代码', kind: 'text', list: { width: 120, sortable: true }, search: true, excel: true, unique: { table: 'basic_course', field: 'code', message: '课程代码已存在' } },
    { name: 'name', label: '课程名称', kind: 'text', list: { sortable: true }, search: true, excel: true },
    { name: 'type', label: '课程类型', kind: 'dict', dictCode: 'course_type', list: { width: 100 }, search: true, excel: true },
    { name: 'credits', label: '学分', kind: 'number', list: { width: 80, sortable: true }, excel: true },
    { name: 'hours', label: '学时', kind: 'number', list: { width: 80, sortable: true }, excel: true },
    { name: 'majorId', label: '所属专业', kind: 'ref', ref: refTo(MAJOR_RESOURCE), list: { width: 180 }, search: true, excel: true, placeholder: '不选为公共课' },
    { name: 'scoreMode', label: '成绩类型', kind: 'select', options: COURSE_SCORE_MODES, list: { width: 90 }, search: true, excel: true, placeholder: '不选为百分制' },
  ],
  createSchema: courseSchema,
  editSchema: withId(courseSchema),
  titleField: 'name',
  subtitleFields: ['code', 'type', 'majorId'],
  defaultSort: { field: 'code', order: 'asc' },
};

// 学生
/** 学籍状态 在读 (dictionary student_status, 在读/休学/毕业): only they are enrolled in a program or put on a 成绩单. */
export const STUDENT_STUDYING = '1';
const studentFields = {
  studentNo: personNo('请输入学号', '学号'),
  name: personName('请输入姓名', 32),
  sex: optionalDict,
  birthday: blankOr(isCalendarDate, BIRTHDAY_MESSAGE),
  phone: phoneField,
  classId: requiredRef('请选择班级'),
  grade: requiredInt(2000, 2100, '年级'),
  status: dictValue('请选择学籍状态'),
  accountStatus,
};
export const studentSchema = z.object({ ...studentFields, password: initialPassword });
export const studentEditSchema = withId(z.object(studentFields));
export const STUDENT_RESOURCE: ResourceDescription = {
  key: 'student',
  title: '学生',
  api: { base: '/basic/student' },
  permissions: permissionsOf('student'),
  fields: [
    { name: 'studentNo', label: '学号', kind: 'text', list: { width: 130, sortable: true }, search: 'prefix', excel: true, readOnlyOnEdit: true, unique: { table: 'basic_student', field: 'student_no', message: '学号已存在' } },
    { name: 'name', label: '姓名', kind: 'text', list: { width: 100, sortable: true }, search: true, excel: true },
    { name: 'sex', label: '性别', kind: 'dict', dictCode: 'sex', list: { width: 70 }, search: true, excel: true },
    { name: 'birthday', label: '出生日期', kind: 'date', list: { width: 120 }, excel: true },
    { name: 'phone', label: '手机号码', kind: 'text', list: { width: 130 }, excel: true },
    { name: 'classId', label: '班级', kind: 'ref', ref: refTo(CLASS_RESOURCE), list: { width: 180 }, search: true, excel: true },
    { name: 'departName', label: '院系', kind: 'text', list: { width: 150 }, form: false },
    { name: 'grade', label: '年级', kind: 'number', list: { width: 80, sortable: true }, search: true, excel: true },
    { name: 'status', label: '学籍状态', kind: 'dict', dictCode: 'student_status', list: { width: 90 }, search: true, excel: true },
    ...ACCOUNT_FIELDS,
  ],
  createSchema: studentSchema,
  editSchema: studentEditSchema,
  titleField: 'name',
  subtitleFields: ['studentNo', 'classId', 'status'],
  defaultSort: { field: 'studentNo', order: 'asc' },
};

export const BASIC_RESOURCES = [CAMPUS_RESOURCE, BUILDING_RESOURCE, CLASSROOM_RESOURCE, MAJOR_RESOURCE, CLASS_RESOURCE, COURSE_RESOURCE, TEACHER_RESOURCE, STUDENT_RESOURCE] as const;

/** Rows as the lists answer them: the description's fields, the labels of ref fields as `<field>_dictText`, and times. */
export interface BasicRowBase {
  id: string;
  createTime: string;
  updateTime: string;
}
export interface PersonRow extends BasicRowBase {
  userId: string;
  accountStatus: '1' | '2';
  username: string;
}

// ---- pages ---------------------------------------------------------------------------------------

/** Who reads 基础数据: the administrator, and the 院系管理员 for their department. */
const BASIC_READERS = ['admin', 'departAdmin'] as const;
/** 校区, 楼宇 and 教室 are the school's, changed by the administrator alone; the rest a department keeps too. */
const SCHOOL_KEEPS = ['admin'] as const;

/** The page of one entity under 基础数据: its rules named after it (查看校区), each changed by `changedBy`. */
const basicPage = <const Component extends string>(resource: ResourceDescription, name: string, component: Component, icon: string, order: number, changedBy: readonly BuiltInRole[]) =>
  ({
    id: `menu-basic-${resource.key}`,
    parent: 'menu-basic',
    name,
    path: `/basic/${resource.key}`,
    component,
    icon,
    order,
    roles: BASIC_READERS,
    rules: resourceRules(resource.permissions, name.replace(/管理$/, ''), { others: changedBy }),
  }) satisfies MenuDeclaration;

export const BASIC_PAGES = [
  basicPage(CAMPUS_RESOURCE, '校区管理', 'basic/CampusList', 'bank', 1, SCHOOL_KEEPS),
  basicPage(BUILDING_RESOURCE, '楼宇管理', 'basic/BuildingList', 'build', 2, SCHOOL_KEEPS),
  basicPage(CLASSROOM_RESOURCE, '教室/实训室管理', 'basic/ClassroomList', 'home', 3, SCHOOL_KEEPS),
  basicPage(MAJOR_RESOURCE, '专业管理', 'basic/MajorList', 'read', 4, BASIC_READERS),
  basicPage(CLASS_RESOURCE, '班级管理', 'basic/ClassList', 'team', 5, BASIC_READERS),
  basicPage(COURSE_RESOURCE, '课程管理', 'basic/CourseList', 'book', 6, BASIC_READERS),
  basicPage(TEACHER_RESOURCE, '教师管理', 'basic/TeacherList', 'solution', 7, BASIC_READERS),
  basicPage(STUDENT_RESOURCE, '学生管理', 'basic/StudentList', 'user', 8, BASIC_READERS),
] as const;
