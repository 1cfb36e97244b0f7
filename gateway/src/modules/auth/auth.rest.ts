import { MSG } from '@flaneur/schema';
import { Router } from 'express';
import { requestMeta } from '../../http/session';
import { AppError, unauthenticated } from '../../lib/errors';
import type { AuthService } from './auth.service';
import { toUserJson } from '../users/user.json';

/**
 * The legacy client reads a taken username from a 400, not a 409: only this REST answer changes (GraphQL keeps
 * CONFLICT, and a taken e-mail stays 409).
 */
function legacyUsernameTaken(e: unknown): never {
  if (e instanceof AppError && e.code === 'CONFLICT' && e.details.fields?.username)
    throw new AppError('BAD_USER_INPUT', e.message, e.details);
  throw e;
}

/** Legacy REST routes for accounts (register, login, logout, session user, password reset and change); each calls AuthService. */
export function authRouter(services: { auth: AuthService }, publicUrl: string): Router {
  const r = Router();
  r.post('/register', async (req, res) => {
    const user = await services.auth.register(req.body, requestMeta(req)).catch(legacyUsernameTaken);
    res.status(201).json(toUserJson(user));
  });
  r.post('/login', async (req, res) => {
    res.json(toUserJson(await services.auth.login(req.body, requestMeta(req))));
  });
  r.post('/logout', async (req, res) => {
    await services.auth.logout(requestMeta(req));
    res.json({ message: MSG.loggedOut });
  });
  r.get('/user', (req, res) => {
    if (!req.viewer) throw unauthenticated();
    res.setHeader('Cache-Control', 'no-store');
    res.json(toUserJson(req.viewer));
  });
  r.post('/forgot-password', async (req, res) => {
    res.json({ message: await services.auth.forgotPassword(req.body, requestMeta(req)) });
  });
  r.post('/reset-password', async (req, res) => {
    res.json({ message: await services.auth.resetPassword(req.body, requestMeta(req)) });
  });
  r.post('/change-password', async (req, res) => {
    res.json({ message: await services.auth.changePassword(req.viewer, req.body, requestMeta(req)) });
  });
  // Opened from the e-mail: answers JSON to API clients and sends browsers back to the app.
  r.get('/verify-email', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const wantsJson = req.accepts(['html', 'json']) === 'json';
    try {
      await services.auth.verifyEmail(token);
      if (wantsJson) return void res.json({ message: MSG.emailVerified });
      res.redirect(303, `${publicUrl}/profile?emailVerified=1`);
    } catch (e) {
      if (wantsJson) throw e;
      // A second click on the link, in the browser of a verified account, is not an error to it.
      if (req.viewer?.isVerified) return void res.redirect(303, `${publicUrl}/profile?emailVerified=already`);
      res.redirect(303, `${publicUrl}/dashboard?emailVerified=0`);
    }
  });
  return r;
}
