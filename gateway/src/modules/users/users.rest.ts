import { LIMITS } from '@flaneur/schema';
import { Router } from 'express';
import { filesOf, multipart } from '../../http/multipart';
import type { UploadsService } from '../uploads/uploads.service';
import type { UsersService } from './users.service';
import { admitEachFile, signedInBeforeUpload } from '../uploads/upload-guard';
import { toUserJson } from './user.json';

/** Legacy REST routes for profiles: picture upload, public profile, profile update. */
export function usersRouter(services: { uploads: UploadsService; users: UsersService }): Router {
  const r = Router();
  r.post(
    '/users/profile-picture',
    signedInBeforeUpload,
    multipart('profilePicture', {
      maxFiles: 1,
      maxBytes: LIMITS.profilePictureMaxBytes,
      admitFile: admitEachFile(services.uploads),
    }),
    async (req, res) => {
      res.json(toUserJson(await services.users.uploadProfilePicture(req.viewer, filesOf(req)[0])));
    },
  );
  r.get('/users/:username', async (req, res) => {
    res.json(await services.users.publicProfile(req.params.username));
  });
  r.patch('/users/:id', async (req, res) => {
    res.json(toUserJson(await services.users.updateProfile(req.viewer, req.body, req.params.id)));
  });
  return r;
}
