import { AbstractLogger, LogLevel, LogMessage } from 'typeorm';

/** Counts the SQL statements TypeORM sends (tests assert lists cost a constant number of them). */
export class QueryCounter extends AbstractLogger {
  count = 0;
  override logQuery(): void {
    this.count += 1;
  }
  protected writeLog(
    _level: LogLevel,
    _message: LogMessage | string | number | (LogMessage | string | number)[],
  ): void {}
}
