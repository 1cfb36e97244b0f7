import { Router } from 'express';
import type { Services } from '../../wiring/services';

/**
 * GET /p/{ref}, the address of a panel's QR code: 302 to the listing (/property/{id}), after recording it in a
 * signed-in user's Découvertes (panels.scan). Only the session cookie counts here: an access token records nothing.
 * An unknown reference answers 404 with the web app (`spa`), whose router shows its not-found screen, or a short
 * French page when the app is not built.
 */
export function panelLinks(services: Services, opts: { spa: boolean }): Router {
  const r = Router();
  r.get('/:ref', async (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    const viewer = req.accessToken ? null : (req.viewer ?? null);
    const propertyId = await services.panels.scan(viewer, req.params.ref);
    if (propertyId !== null) return res.redirect(302, `/property/${propertyId}`);
    res.status(404);
    if (opts.spa && req.accepts('html')) return next();
    res
      .type('html')
      .send(
        '<!doctype html><html lang="fr"><meta charset="utf-8"><title>Page introuvable · Flâneur</title>' +
          '<h1>Page introuvable</h1><p>Aucune annonce ne porte cette référence.</p><p><a href="/">Accueil</a></p></html>',
      );
  });
  return r;
}
