import { MSG } from '@flaneur/schema';
import { captureLogger } from '../../../test/capture-logger';
import { signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { waitForToken } from '../../../test/outbox';
import type { Mail, Mailer } from '../../mail/mailer';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('password reset tokens', () => {
  const gw = useGateway();

  it('should refuse the other reset tokens of the user once one has been used', async () => {
    const { user } = await signedInUser(gw);
    expect((await gw.agent().post('/api/forgot-password').send({ email: user.email })).status).toBe(200);
    const first = await waitForToken(gw.dataDir, user.email, '/auth?token=', 1);
    expect((await gw.agent().post('/api/forgot-password').send({ email: user.email })).status).toBe(200);
    const second = await waitForToken(gw.dataDir, user.email, '/auth?token=', 2);
    expect(second).not.toBe(first);

    const used = await gw.agent().post('/api/reset-password').send({ token: second, password: 'nouveau-mot-de-passe' });
    expect(used.status).toBe(200);
    const other = await gw.agent().post('/api/reset-password').send({ token: first, password: 'encore-un-autre-mdp' });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(MSG.resetPasswordInvalid);
    const login = await gw
      .agent()
      .post('/api/login')
      .send({ username: user.username, password: 'nouveau-mot-de-passe' });
    expect(login.status).toBe(200);
  });
});

describe('forgot password with a slow mailer', () => {
  const sent: Mail[] = [];
  const slowMailer: Mailer = {
    async send(mail) {
      await sleep(2000);
      if (mail.subject.includes('réinitialisation') && mail.to.startsWith('panne')) throw new Error('SMTP en panne');
      sent.push(mail);
    },
  };
  const log = captureLogger();
  const gw = useGateway({ mailer: slowMailer, logger: log.logger });

  it('should answer before the e-mail is sent, whether or not an account has the address', async () => {
    const { user } = await signedInUser(gw); // registration waits for its verification mail
    for (const email of [user.email, 'personne-inconnue@example.fr']) {
      const started = Date.now();
      const res = await gw.agent().post('/api/forgot-password').send({ email });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MSG.forgotPasswordSent);
      expect(Date.now() - started).toBeLessThan(1000);
    }
    await sleep(2500);
    expect(sent.filter((m) => m.to === user.email && m.link?.includes('/auth?token='))).toHaveLength(1);
  });

  it('should log a mail failure off the request path', async () => {
    const { user } = await signedInUser(gw, { email: `panne-${Date.now()}@example.fr` });
    const res = await gw.agent().post('/api/forgot-password').send({ email: user.email });
    expect(res.status).toBe(200);
    await sleep(2500);
    expect(log.text()).toContain('e-mail could not be sent');
  });
});

describe('links in production logs', () => {
  const log = captureLogger();
  const gw = useGateway({
    env: { NODE_ENV: 'production', LOG_LEVEL: 'info', PUBLIC_URL: 'https://flaneur.example' },
    logger: log.logger,
  });

  it('should never log a reset or verification link in production (outbox mode)', async () => {
    const { user } = await signedInUser(gw);
    await gw.agent().post('/api/forgot-password').send({ email: user.email });
    await waitForToken(gw.dataDir, user.email, '/auth?token=');
    expect(log.text()).toContain('e-mail written to the outbox');
    expect(log.text()).not.toMatch(/token=/);
  });
});
