/** The HttpOnly cookie that holds a session's refresh token (set by sign-in, read by refresh and GraphiQL). */
export const REFRESH_COOKIE = "refreshToken";
