import { formatDate, formatTime } from '@lizenzportal/domain';

/** A point in time as the back office shows it: `DD.MM.YY HH:mm:ss` in Europe/Berlin. */
export function DateTimeText({ value }: { value: string | null }) {
  if (value === null) return <>-</>;
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {formatDate(value)} {formatTime(value)}
    </time>
  );
}
