import { Router } from 'express';
import type { PanelsService } from './panels.service';

/** REST route of the panel bridge: the owner's printable panel. */
export function panelsRouter(services: { panels: PanelsService }): Router {
  const r = Router();
  // The A4 panel « À VENDRE » / « À LOUER » with its QR code, for the owner only.
  r.get('/properties/:id/panel.pdf', async (req, res) => {
    const { ref, pdf } = await services.panels.pdf(req.viewer, req.params.id);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Disposition', `inline; filename="panneau-${ref}.pdf"`);
    res.type('application/pdf').send(pdf);
  });
  return r;
}
