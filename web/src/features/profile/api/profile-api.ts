import type {
  DeleteAccountRequest,
  MessageResponse,
  ProfileResponse,
  UpdateProfileRequest,
  UpdateProfileResponse,
} from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';

export const profileKeys = {
  profile: ['user', 'profile'] as const,
};

/** The Perfil tab's calls (docs/api/accounts.md, "Profile and account"). */
export const profileApi = {
  get: (signal?: AbortSignal) => apiClient.get<ProfileResponse>('/api/user/profile', { signal }),
  update: (body: UpdateProfileRequest) => apiClient.put<UpdateProfileResponse>('/api/user/profile', body),
  /** Everything we hold about the user, as JSON (LGPD). */
  exportData: () => apiClient.get<unknown>('/api/user/export'),
  deleteAccount: (body: DeleteAccountRequest) =>
    apiClient.delete<MessageResponse>('/api/user/account', { body }),
};
