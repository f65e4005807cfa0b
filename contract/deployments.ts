/** Deployments of SPEC-DECISIONS.md: one build serves every school, chosen by code at run time. */
export const DEPLOYMENTS = {
  DQZY: { title: '实习实训管理服务平台', digitalCampus: false },
  DQZYWYY: { title: '数字校园', digitalCampus: true },
  DGUT: { title: '实习实训管理服务平台', digitalCampus: false },
} as const;

export type DeploymentCode = keyof typeof DEPLOYMENTS;

export function deploymentOf(code: string | undefined): (typeof DEPLOYMENTS)[DeploymentCode] & { code: DeploymentCode } {
  const known = code && code in DEPLOYMENTS ? (code as DeploymentCode) : 'DQZY';
  return { code: known, ...DEPLOYMENTS[known] };
}
