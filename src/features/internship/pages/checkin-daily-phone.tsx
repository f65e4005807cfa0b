import { DotLoading, ErrorBlock, List, Tag } from 'antd-mobile';
import { checkedText, locationText, type CheckinDay } from './checkin-daily-parts.ts';

/** 今日签到 on the phone (antd-mobile only): today's students, checked in first, with what the server noticed. */
export default function CheckinDailyPhone({ day }: { day: CheckinDay }) {
  if (day.list.isPending) {
    return (
      <div className="my-records__loading">
        <DotLoading /> 加载中
      </div>
    );
  }
  if (day.list.isError) return <ErrorBlock status="disconnected" title="暂时无法加载" description="请检查网络后重试" />;
  return (
    <section aria-label="今日签到">
      <List header={`${day.date} 已签到 ${day.checked} / ${day.rows.length} 人`}>
        {day.rows.map((row) => (
          <List.Item
            key={row.enrolmentId}
            extra={row.recordId ? checkedText(row) : <Tag color="default">未签到</Tag>}
            description={
              row.recordId ? (
                <>
                  {locationText(row)}
                  {row.notes.map((note) => (
                    <Tag key={note} color="warning" style={{ marginLeft: 4 }}>
                      {note}
                    </Tag>
                  ))}
                </>
              ) : (
                row.className
              )
            }
          >
            {row.studentName}
          </List.Item>
        ))}
      </List>
    </section>
  );
}
