"""(rules of this family are being written)"""
