/** Why the first login opens on the password change (plain text: both layouts show it). */
export const INITIAL_PASSWORD_NOTICE = '首次登录，请先修改初始密码，修改后即可继续使用';
