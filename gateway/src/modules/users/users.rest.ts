import { Router } from 'express';
import { filesOf, multipart } from '../../http/multipart';
import type { Services } from '../../services';
import { signedInBeforeUpload } from '../uploads/upload-guard';
import { UPLOAD_LIMITS } from '../uploads/incoming-file';
import { toUserJson } from './user.json';

/** Legacy REST routes of SPEC.md §7 for profiles. */
export function usersRouter(services: Services): Router {
  const r = Router();
  r.post(
    '/users/profile-picture',
    signedInBeforeUpload,
    multipart('profilePicture', { maxFiles: 1, maxBytes: UPLOAD_LIMITS.profilePictureBytes }),
    async (req, res) => {
      res.json(toUserJson(await services.users.uploadProfilePicture(req.viewer ?? null, filesOf(req)[0])));
    },
  );
  r.get('/users/:username', async (req, res) => {
    res.json(await services.users.publicProfile(req.params.username));
  });
  r.patch('/users/:id', async (req, res) => {
    res.json(toUserJson(await services.users.updateProfile(req.viewer ?? null, req.body, req.params.id)));
  });
  return r;
}
