import { DEFAULT_SHARING_PREFERENCES, type SharingPreferences } from '@cps/domain';
import { type ConnectionEntity } from './connection.entity.js';

/** The connection's stored sharing preference, as the sharing policy reads it. */
export function sharingPreferencesOf(connection: Pick<ConnectionEntity, 'historyWindowDays'>): SharingPreferences {
  return { historyWindowDays: connection.historyWindowDays ?? DEFAULT_SHARING_PREFERENCES.historyWindowDays };
}
