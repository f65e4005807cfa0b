/** How long the server has run, in Chinese: 3天4小时5分, 2小时0分, 5分9秒, 42秒. */
export function formatUptime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const days = Math.floor(whole / 86_400);
  const hours = Math.floor((whole % 86_400) / 3_600);
  const minutes = Math.floor((whole % 3_600) / 60);
  if (days > 0) return `${days}天${hours}小时${minutes}分`;
  if (hours > 0) return `${hours}小时${minutes}分`;
  return minutes > 0 ? `${minutes}分${whole % 60}秒` : `${whole}秒`;
}
