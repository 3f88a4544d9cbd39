//! Saved views of the watchlist (the team's, or this desk's alone). A view's id crosses
//! as a u32, a number in the page (an i64 would be a BigInt, which JSON cannot carry).

use kyb_desk_core::desk::Desk;
use kyb_desk_core::error::AppResult;
use kyb_team::{SavedView, ViewFilter};
use tauri::State;

#[tauri::command]
pub async fn saved_views(desk: State<'_, Desk>) -> AppResult<Vec<SavedView>> {
    desk.saved_views().await
}

#[tauri::command]
pub async fn save_view(
    desk: State<'_, Desk>,
    name: String,
    filter: ViewFilter,
    shared: bool,
) -> AppResult<Vec<SavedView>> {
    desk.save_view(&name, &filter, shared).await
}

#[tauri::command]
pub async fn share_view(desk: State<'_, Desk>, id: u32, shared: bool) -> AppResult<Vec<SavedView>> {
    desk.share_view(id.into(), shared).await
}

#[tauri::command]
pub async fn delete_view(desk: State<'_, Desk>, id: u32) -> AppResult<Vec<SavedView>> {
    desk.delete_view(id.into()).await
}
