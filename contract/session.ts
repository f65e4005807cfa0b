/** Shapes of the session calls, shared by the server and the browser. */
export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  sex: number | null;
  birthday: string | null;
  email: string | null;
  phone: string | null;
  telephone: string | null;
  workNo: string | null;
  orgCode: string | null;
  orgCodeTxt: string | null;
  post: string | null;
  yhlx: string;
  /** The account still has the initial password it was created with: the app shows only the password change until it is changed. */
  passwordChangeRequired: boolean;
}

/** What a person's workNo is called: a student's is their 学号, everyone else's their 工号. */
export const workNoLabel = (yhlx: string | null | undefined): string => (yhlx === '1' ? '学号' : '工号');

/** The 403 of every call (but logout, the password change and the shell's own) while the initial password is unchanged. */
export const INITIAL_PASSWORD_MESSAGE = '请先修改初始密码';

export interface RoleOption {
  id: string;
  roleCode: string;
  roleName: string;
}

export interface DepartOption {
  id: string;
  orgCode: string;
  departName: string;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  sysroles: RoleOption[];
  multi_sysrole: boolean;
  departs: DepartOption[];
  multi_depart: boolean;
}

export interface EncryptedString {
  key: string;
  iv: string;
}

export interface CurrentRoles {
  list: RoleOption[];
  /** The role this session acts as. */
  roleId: string | null;
}

export interface CurrentDeparts {
  list: DepartOption[];
  orgCode: string | null;
}

export interface DictOption {
  value: string;
  text: string;
  title?: string;
}

export interface CasConfig {
  enableCas: string;
  casType: string;
  casPrefixUrl: string;
}

export interface LogoResult {
  logo: string | null;
  logologin: string | null;
}

export interface AnnouncementItem {
  id: string;
  titile: string;
  createTime: string;
  priority: 'L' | 'M' | 'H';
  openType: string | null;
  openPage: string | null;
  busId: string | null;
  msgTxt: string | null;
  msgId: string;
}

export interface AnnouncementLists {
  anntMsgList: AnnouncementItem[];
  anntMsgTotal: number;
  sysMsgList: AnnouncementItem[];
  sysMsgTotal: number;
}
