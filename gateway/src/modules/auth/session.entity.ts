import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** express-session rows, in the table layout connect-pg-simple reads and writes. */
@Entity('session')
export class SessionRow {
  @PrimaryColumn({ type: 'varchar' })
  sid: string;

  @Column({ type: 'json' })
  sess: object;

  @Index('IDX_session_expire')
  @Column({ type: 'timestamp', precision: 6 })
  expire: Date;
}
