// Placeholder written by hand from the schema contract; replaced by `pnpm --filter @prepper/supabase gen-types`.
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

type Table<Row, Insert, Update = Partial<Insert>> = {
  Row: Row;
  Insert: Insert;
  Update: Update;
  Relationships: {
    foreignKeyName: string;
    columns: string[];
    isOneToOne: boolean;
    referencedRelation: string;
    referencedColumns: string[];
  }[];
};

export type Database = {
  public: {
    Tables: {
      categories: Table<
        { id: string; name: string; slug: string; description: string; image_url: string | null; created_at: string },
        { id?: string; name: string; slug: string; description?: string; image_url?: string | null; created_at?: string }
      >;
      subcategories: Table<
        { id: string; category_id: string; name: string; slug: string; description: string; created_at: string },
        { id?: string; category_id: string; name: string; slug: string; description?: string; created_at?: string }
      >;
      products: Table<
        {
          id: string;
          name: string;
          slug: string;
          price: number;
          original_price: number | null;
          description: string;
          category_id: string;
          subcategory_id: string | null;
          image_url: string;
          images: string[];
          in_stock: boolean;
          stock_count: number;
          rating: number;
          review_count: number;
          features: string[];
          specifications: Json;
          tags: string[];
          search_text: string | null;
          created_at: string;
          updated_at: string;
        },
        {
          id?: string;
          name: string;
          slug?: string;
          price: number;
          original_price?: number | null;
          description: string;
          category_id: string;
          subcategory_id?: string | null;
          image_url: string;
          images?: string[];
          in_stock?: boolean;
          stock_count?: number;
          rating?: number;
          review_count?: number;
          features?: string[];
          specifications?: Json;
          tags?: string[];
          created_at?: string;
          updated_at?: string;
        }
      >;
      admin_users: Table<
        { id: string; user_id: string; role: string; permissions: string[]; active: number; created_at: string },
        { id?: string; user_id: string; role?: string; permissions?: string[]; active?: number; created_at?: string }
      >;
      orders: Table<
        { id: string; user_id: string | null; status: string; total_amount: number; created_at: string },
        { id?: string; user_id?: string | null; status?: string; total_amount: number; created_at?: string }
      >;
      order_items: Table<
        {
          id: string;
          order_id: string;
          product_id: string | null;
          product_name: string;
          unit_price: number;
          quantity: number;
          created_at: string;
        },
        {
          id?: string;
          order_id: string;
          product_id?: string | null;
          product_name: string;
          unit_price: number;
          quantity: number;
          created_at?: string;
        }
      >;
    };
    Views: { [_ in never]: never };
    Functions: {
      is_active_admin: { Args: Record<string, never>; Returns: boolean };
      has_admin_permission: { Args: { p_permission: string }; Returns: boolean };
      search_products: {
        Args: { p_query: string; p_limit?: number };
        Returns: (Database['public']['Tables']['products']['Row'] & { category_name: string })[];
      };
      admin_list_administrators: {
        Args: Record<string, never>;
        Returns: {
          id: string;
          user_id: string;
          role: string;
          permissions: string[];
          active: number;
          created_at: string;
          email: string | null;
          first_name: string | null;
          last_name: string | null;
        }[];
      };
      admin_create_administrator: {
        Args: {
          p_email: string;
          p_password: string;
          p_first_name: string;
          p_last_name: string;
          p_role?: string;
          p_permissions?: string[];
          p_active?: number;
        };
        Returns: Json;
      };
      admin_update_administrator: {
        Args: { p_id: string; p_role: string; p_permissions: string[]; p_active: number };
        Returns: Json;
      };
      admin_remove_administrator: { Args: { p_id: string }; Returns: undefined };
      admin_save_category: {
        Args: {
          p_id: string | null;
          p_name: string;
          p_slug: string;
          p_description: string;
          p_image_url: string | null;
          p_subcategories: Json;
        };
        Returns: Json;
      };
      admin_sales_overview: {
        Args: { p_months?: number };
        Returns: { month: string; revenue: number; orders: number }[];
      };
      admin_top_products: {
        Args: { p_limit?: number; p_days?: number };
        Returns: { product_name: string; units: number; revenue: number }[];
      };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

type PublicSchema = Database['public'];
export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];
