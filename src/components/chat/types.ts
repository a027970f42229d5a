import type { RouterOutputs as Outputs } from "../../trpc.ts";

/** A conversation as the chat page opens it (chat.conversation / chat.conversationForJob). */
export type ChatConversation = Outputs["chat"]["conversation"];
/** One person in a conversation. */
export type ChatParticipant = ChatConversation["participants"][number];
/** A message as history and the live stream deliver it. */
export type ChatMessage = Outputs["chat"]["history"]["messages"][number];
/** A card of /chats (chats.list). */
export type ChatListItem = Outputs["chats"]["list"]["items"][number];

/** Where the chat header's back button goes: the job page (group chats) or /chats (private ones). */
export type ChatBackTarget = { to: "job"; jobId: string } | { to: "chats" };
